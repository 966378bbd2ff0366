/**
 * Per-keystroke cost by phase, big package body against one about a tenth as long, in one process: the editor's
 * path (uncachedParses drained, parseScript, analyzeText with the document's ItemCache, no workspace index),
 * replaying in-place edits in the middle of each body (a character typed then removed; a line break typed then
 * removed, so the items below move). Prints CPU and wall time per phase, and the big/small ratio.
 *
 *   node --import tsx scripts/keystroke-profile.ts [--edits N] [--only big|small] [--phase parse] [--typing chars]
 *   node --cpu-prof --import tsx scripts/keystroke-profile.ts --only big      (then open the .cpuprofile)
 *
 * Not a benchmark with targets (the machine may be shared): compare the ratios of one run.
 */
import { analyzeText } from '../server/src/analysis/analyze.ts';
import { ItemCache } from '../server/src/analysis/itemCache.ts';
import { parseScript, uncachedParses } from '../server/src/syntax/parseScript.ts';
import { largestPackageBody, loadCorpus, packageBodyNear, type CorpusFile } from '../test/bench/corpus.ts';
import { readFileSync } from 'node:fs';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const edits = Number(argument('--edits') ?? 100);
const only = argument('--only');
const parseOnly = argument('--phase') === 'parse';
/** `--typing chars`: characters only (no line break typed: nothing below the edit moves). */
const charsOnly = argument('--typing') === 'chars';

const files = loadCorpus();
const big = largestPackageBody(files)!;
const small = packageBodyNear(files, big.lines / 10)!;

interface Phases { uncached: number; parse: number; analyze: number }

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The edits: text versions, each from the one before (a space typed in the middle, removed; a newline typed, removed). */
function versions(text: string, count: number): string[] {
  const lines = text.split('\n');
  const middle = lines.slice(0, Math.floor(lines.length / 2)).join('\n').length + 1;
  // inside the middle line, after its indentation
  let at = middle;
  while (text[at] === ' ') at++;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const step = i % 4;
    const inserted = step === 0 ? 'x' : step === 2 ? (charsOnly ? 'y' : '\n') : '';
    out.push(inserted ? text.slice(0, at) + inserted + text.slice(at) : text);
  }
  return out;
}

function run(file: CorpusFile, count: number): { cpu: Phases; wall: Phases } {
  const items = new ItemCache();
  const cpu: Phases = { uncached: 0, parse: 0, analyze: 0 };
  const wall: Phases = { uncached: 0, parse: 0, analyze: 0 };
  const phase = (name: keyof Phases, work: () => void) => {
    const c = cpuMs();
    const w = performance.now();
    work();
    cpu[name] += cpuMs() - c;
    wall[name] += performance.now() - w;
  };
  // opening the document: everything parsed and walked once
  analyzeText(file.text, { file: file.path, items, script: parseScript(file.text) });
  const texts = versions(file.text, count);
  for (const text of texts) {
    phase('uncached', () => {
      for (const _ of uncachedParses(text)) { /* every step */ }
    });
    let script!: ReturnType<typeof parseScript>;
    phase('parse', () => { script = parseScript(text); });
    if (!parseOnly) phase('analyze', () => { analyzeText(text, { file: file.path, items, script }); });
  }
  for (const key of Object.keys(cpu) as (keyof Phases)[]) {
    cpu[key] /= count;
    wall[key] /= count;
  }
  return { cpu, wall };
}

const fmt = (ms: number) => ms.toFixed(2).padStart(7);
console.log(`load ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
const results: Record<string, { cpu: Phases; wall: Phases }> = {};
for (const [name, file] of [['big', big], ['small', small]] as const) {
  if (only && only !== name) continue;
  run(file, 20); // warm up (JIT, unit cache)
  results[name] = run(file, edits);
  const { cpu, wall } = results[name];
  console.log(`${name.padEnd(5)} ${file.path} (${file.lines} lines), ms per keystroke CPU (wall):`
    + ` uncachedParses ${fmt(cpu.uncached)} (${fmt(wall.uncached)})  parseScript ${fmt(cpu.parse)} (${fmt(wall.parse)})`
    + (parseOnly ? '' : `  analyzeText ${fmt(cpu.analyze)} (${fmt(wall.analyze)})`));
}
if (results.big && results.small) {
  const ratio = (key: keyof Phases) => (results.big!.cpu[key] / results.small!.cpu[key]).toFixed(1);
  const total = (p: Phases) => p.uncached + p.parse + p.analyze;
  const parse = (p: Phases) => p.uncached + p.parse;
  console.log(`big/small CPU: parse (uncachedParses + parseScript) ${(parse(results.big.cpu) / parse(results.small.cpu)).toFixed(1)}x`
    + ` (uncached ${ratio('uncached')}x, parseScript ${ratio('parse')}x)`
    + (parseOnly ? '' : `, analyzeText ${ratio('analyze')}x, whole keystroke ${(total(results.big.cpu) / total(results.small.cpu)).toFixed(1)}x`)
    + ` for ${(big.lines / small.lines).toFixed(1)}x the lines`);
}
