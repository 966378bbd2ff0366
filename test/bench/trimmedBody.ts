/**
 * A package body with most of its items cut out around the one typed in: how the cost of a keystroke grows with the
 * number of items in a body, with the item typed in (whose own walk is most of a keystroke) the same. Comparing two
 * different bodies (the largest of the corpus and one a tenth as long) mixes that growth with the cost of walking
 * two different items.
 */
import type { SubprogramNode } from '../../server/src/syntax/model/nodes.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import type { CorpusFile } from './corpus.ts';

/** The package item with a body named `name`, else the first that starts after the middle of the text. */
export function typedItem(text: string, name?: string): SubprogramNode | undefined {
  const middle = Math.floor(text.split('\n').length / 2);
  for (const parsed of parseScript(text, { unitCache: false }).units) {
    for (const unit of parsed.views[0] ?? []) {
      const item = unit.subprograms.find((s) => s.body && (name ? s.name === name.toUpperCase() : s.range.line >= middle));
      if (item) return item;
    }
  }
  return undefined;
}

/**
 * `file` with every package item cut out but every `every`th and the one named `keep`, under another package name
 * (`<NAME>_TRIMMED`, at `trimmed/<path>`), so that an index can hold both. Every line gets a blank at its end: no
 * item's text is then the original's, whose parses the unit cache (one per process) would give back moved to the
 * other body's places on every keystroke in either.
 */
export function trimmedBody(file: CorpusFile, keep: string, every = 10): CorpusFile {
  const cut = new Set<number>();
  let index = 0;
  for (const parsed of parseScript(file.text, { unitCache: false }).units) {
    for (const unit of parsed.views[0] ?? []) {
      for (const sub of unit.subprograms) {
        if (!sub.body || sub.name === keep.toUpperCase() || index++ % every === 0) continue;
        for (let line = sub.range.line; line <= sub.range.endLine; line++) cut.add(line);
      }
    }
  }
  const name = /\bpackage\s+body\s+(?:\w+\.)?"?(\w+)/i.exec(file.text)?.[1] ?? '';
  const kept = file.text.split('\n').filter((_, i) => !cut.has(i + 1)).map((line) => (line.endsWith('\r') ? `${line.slice(0, -1)} \r` : `${line} `)).join('\n');
  const text = name === '' ? kept : kept.replace(new RegExp(`\\b${name}\\b`, 'gi'), `${name}_TRIMMED`);
  return { ...file, path: `trimmed/${file.path}`, text, lines: text.split('\n').length, bytes: Buffer.byteLength(text) };
}
