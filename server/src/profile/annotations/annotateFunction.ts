/**
 * Longest-prefix lookup of Oracle kernel function names in the knowledge base (kernelFunctions.ts).
 * Pure and browser-safe: the webview bundles it to annotate function tables and flame-graph frames on hover.
 */
import { KERNEL_FUNCTIONS, SOURCES, type KernelFunctionEntry, type KernelLayer } from './kernelFunctions.ts';

export interface FunctionAnnotation {
  /** The name that was looked up, without module or offset (`oracle\`kglpnp+0x140` -> `kglpnp`). */
  name: string;
  layer: KernelLayer | 'unsymbolized';
  summary: string;
  /** The prefix that matched; equal to name when the function has its own entry. */
  matched: string;
  /** Where the fact comes from, in words. */
  source: string;
}

/** Entries ordered longest prefix first, so the first match is the most specific one. */
const byLongestPrefix: readonly KernelFunctionEntry[] = [...KERNEL_FUNCTIONS].sort(
  (a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix),
);

const cache = new Map<string, FunctionAnnotation | undefined>();

/**
 * Reduces a frame as the probe or DTrace prints it to the bare function name: drops a `module\`` prefix
 * (DTrace ustack) and a `+0x1f` offset.
 */
export function bareFunctionName(frame: string): string {
  let name = frame.trim();
  const tick = name.lastIndexOf('`');
  if (tick >= 0) name = name.slice(tick + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  return name;
}

/** A frame the probe could not name: `[libc.so.6]` (an address in that module) or `[unknown]`. */
function unsymbolized(name: string): FunctionAnnotation | undefined {
  // DTrace prints a frame it has no symbol for as its address (`oracle`0x6e80c2b`, below main).
  if (/^0x[0-9a-f]+$/i.test(name)) return { name, layer: 'unsymbolized', summary: 'An address without a symbol name.', matched: name, source: 'the trace\'s stack output' };
  const m = /^\[(.+)\]$/.exec(name);
  if (!m) return undefined;
  const module = m[1]!;
  const summary =
    module === 'unknown'
      ? 'An address outside any known module (no symbol).'
      : `Code inside ${module} without a symbol name (the module exports none for this address).`;
  return { name, layer: 'unsymbolized', summary, matched: name, source: 'the probe\'s stack folding' };
}

/** The annotation of a kernel function, or undefined when no prefix in the knowledge base matches. */
export function annotateFunction(frame: string): FunctionAnnotation | undefined {
  const name = bareFunctionName(frame);
  if (cache.has(name)) return cache.get(name);
  let result = unsymbolized(name);
  if (!result && name !== '') {
    const entry = byLongestPrefix.find((e) => (e.exact ? name === e.prefix : name.startsWith(e.prefix)));
    if (entry) result = { name, layer: entry.layer, summary: entry.summary, matched: entry.prefix, source: SOURCES[entry.source] };
  }
  cache.set(name, result);
  return result;
}

/** One line for a tooltip: `kglpnp, library cache: Pins a library-cache object; ...`. */
export function annotationText(frame: string): string {
  const a = annotateFunction(frame);
  const name = bareFunctionName(frame);
  return a ? `${name} (${a.layer}): ${a.summary}` : `${name}: no annotation (not a known Oracle kernel prefix)`;
}
