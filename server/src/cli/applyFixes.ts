/**
 * `plsql-perf check --fix`: applies the safe fixes of a check's findings to the files, and says what changed.
 * Only safe fixes (they keep behaviour); suggestions are never applied. A file is written only when its bytes
 * decode and encode back exactly (UTF-8, with or without BOM), its edits do not overlap, and the fixed text
 * parses with no more syntax errors than before; otherwise it is left alone and the reason is printed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeSource } from '../parser/decodeSource.ts';
import { parseScript } from '../syntax/parseScript.ts';
import type { TextEdit } from '../syntax/finding.ts';
import type { FileFinding } from './model.ts';

export interface FixOutcome {
  /** Findings whose fix was applied (gone from the files now). */
  fixed: FileFinding[];
  /** One line per change or per file left alone, for standard error. */
  lines: string[];
}

function offsetsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Applies non-overlapping edits (1-based, end exclusive); undefined when two edits overlap. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string | undefined {
  const starts = offsetsOf(text);
  const at = (line: number, column: number) => (starts[line - 1] ?? text.length) + column - 1;
  const spans = edits.map((e) => ({ from: at(e.range.line, e.range.column), to: at(e.range.endLine, e.range.endColumn), text: e.newText }));
  spans.sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < spans.length; i++) if (spans[i]!.from < spans[i - 1]!.to) return undefined;
  let out = '';
  let done = 0;
  for (const span of spans) {
    out += text.slice(done, span.from) + span.text;
    done = span.to;
  }
  return out + text.slice(done);
}

export function applySafeFixes(findings: readonly FileFinding[], pathOf: (display: string) => string): FixOutcome {
  const byFile = new Map<string, FileFinding[]>();
  for (const f of findings) {
    if (f.fix?.kind !== 'safe') continue;
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const outcome: FixOutcome = { fixed: [], lines: [] };
  for (const [display, list] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const path = pathOf(display);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (err) {
      outcome.lines.push(`${display}: not fixed: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const source = decodeSource(bytes);
    const prefix = source.bom ? '\uFEFF' : '';
    if (source.encoding !== 'utf-8' || !Buffer.from(prefix + source.text, 'utf8').equals(bytes)) {
      outcome.lines.push(`${display}: not fixed: only UTF-8 files are rewritten (this one is ${source.encoding})`);
      continue;
    }
    // one finding's edits at a time, so two fixes that touch the same text keep the first one only
    const accepted: FileFinding[] = [];
    const edits: TextEdit[] = [];
    for (const f of list.sort((a, b) => a.line - b.line || a.column - b.column)) {
      if (applyTextEdits(source.text, [...edits, ...f.fix!.edits]) === undefined) continue;
      edits.push(...f.fix!.edits);
      accepted.push(f);
    }
    const fixedText = applyTextEdits(source.text, edits);
    if (fixedText === undefined || accepted.length === 0) continue;
    const before = parseScript(source.text, { unitCache: false }).syntaxErrors.length;
    const after = parseScript(fixedText, { unitCache: false }).syntaxErrors.length;
    if (after > before) {
      outcome.lines.push(`${display}: not fixed: the fixed text would not parse (${after - before} new syntax errors)`);
      continue;
    }
    try {
      writeFileSync(path, prefix + fixedText);
    } catch (err) {
      outcome.lines.push(`${display}: not fixed: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    for (const f of accepted) {
      outcome.fixed.push(f);
      outcome.lines.push(`${display}:${f.line}:${f.column}: fixed ${f.rule}: ${f.fix!.title}`);
    }
  }
  return outcome;
}
