/**
 * The fuzz test's pieces: a seeded PRNG, a crude tokenizer, token mutations and the finding checks. Every case is
 * generated from (seed, case index) alone, so any single case can be reproduced without running the others.
 */
import type { Finding } from '../../server/src/syntax/finding.ts';

/** mulberry32: small, fast, good enough for test-case generation. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of the seed and case index (splitmix-style mixing). */
export function caseSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Word runs, whitespace runs, and single other characters; joining the tokens gives the text back. */
export function tokenize(text: string): string[] {
  return text.match(/[A-Za-z0-9_$#]+|\s+|[^A-Za-z0-9_$#\s]/g) ?? [];
}

/** What gets inserted: PL/SQL and SQL*Plus fragments that stress the lexer, the parser and its recovery. */
export const INSERTIONS: readonly string[] = [
  'begin', 'end', 'loop', 'end loop', 'end if', 'if', 'then', 'else', 'case', 'when', 'declare', 'is', 'as',
  'procedure', 'function', 'package', 'package body', 'create or replace', 'type', 'return', 'exception',
  'select', 'from', 'where', 'into', 'bulk collect', 'forall', 'for', 'in', 'wrapped',
  ';', '(', ')', ',', '.', ':=', '=>', '||', '%type', '%rowtype', '@', ':', '<<', '>>', '*',
  "'", '"', '/*', '*/', '--', '\n/\n', '/', '&', '&&', "q'[", "]'", "q'{", "N'", '$if', '$then', '$else', '$end',
  '$$plsql_line', 'prompt', 'set serveroutput on', 'exec', '@@', '\n', '\t',
];

export type Mutation =
  | { op: 'delete'; at: number; token: string }
  | { op: 'duplicate'; at: number; token: string }
  | { op: 'swap'; at: number; tokens: [string, string] }
  | { op: 'insert'; at: number; token: string };

/** Applies 1-4 random mutations to the tokens (in place) and returns what was done. */
export function mutate(tokens: string[], rng: () => number): Mutation[] {
  const pick = (n: number): number => Math.floor(rng() * n);
  const count = 1 + pick(4);
  const done: Mutation[] = [];
  for (let m = 0; m < count; m++) {
    const kind = tokens.length === 0 ? 3 : pick(4);
    if (kind === 0) {
      const at = pick(tokens.length);
      done.push({ op: 'delete', at, token: tokens[at]! });
      tokens.splice(at, 1);
    } else if (kind === 1) {
      const at = pick(tokens.length);
      done.push({ op: 'duplicate', at, token: tokens[at]! });
      tokens.splice(at, 0, tokens[at]!);
    } else if (kind === 2 && tokens.length >= 2) {
      const at = pick(tokens.length - 1);
      done.push({ op: 'swap', at, tokens: [tokens[at]!, tokens[at + 1]!] });
      [tokens[at], tokens[at + 1]] = [tokens[at + 1]!, tokens[at]!];
    } else {
      const at = pick(tokens.length + 1);
      const base = INSERTIONS[pick(INSERTIONS.length)]!;
      // Words sometimes glue to their neighbours, sometimes not.
      const token = /^\w/.test(base) && rng() < 0.7 ? ` ${base} ` : base;
      done.push({ op: 'insert', at, token });
      tokens.splice(at, 0, token);
    }
  }
  return done;
}

export interface FuzzCase {
  index: number;
  file: string;
  mutations: Mutation[];
  text: string;
}

export function makeCase(seed: number, index: number, pool: readonly { path: string; text: string }[]): FuzzCase {
  const rng = mulberry32(caseSeed(seed, index));
  const source = pool[Math.floor(rng() * pool.length)]!;
  const tokens = tokenize(source.text);
  const mutations = mutate(tokens, rng);
  return { index, file: source.path, mutations, text: tokens.join('') };
}

const SEVERITIES = new Set(['error', 'warning', 'info']);

/** Problems with the findings for this text: 1-based positions inside the text, start before end, fields typed. */
export function checkFindings(text: string, findings: readonly Finding[]): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  const maxCol = (line: number): number => lines[line - 1]!.length + 1; // columns may point just past the line
  const isPos = (line: unknown, col: unknown): boolean =>
    Number.isInteger(line) && Number.isInteger(col) && (line as number) >= 1 && (line as number) <= lines.length &&
    (col as number) >= 1 && (col as number) <= maxCol(line as number);
  findings.forEach((f, i) => {
    const where = `finding ${i} ${JSON.stringify(f)}`;
    if (!isPos(f.line, f.column)) problems.push(`${where}: start outside the text (${lines.length} lines)`);
    if (!isPos(f.endLine, f.endColumn)) problems.push(`${where}: end outside the text (${lines.length} lines)`);
    if (f.endLine < f.line || (f.endLine === f.line && f.endColumn < f.column)) problems.push(`${where}: ends before it starts`);
    if (typeof f.rule !== 'string' || f.rule.length === 0) problems.push(`${where}: no rule`);
    if (!SEVERITIES.has(f.severity)) problems.push(`${where}: bad severity`);
    if (typeof f.message !== 'string' || f.message.length === 0) problems.push(`${where}: no message`);
  });
  return problems;
}

export function describeMutations(mutations: readonly Mutation[]): string {
  return mutations
    .map((m) => (m.op === 'swap' ? `swap@${m.at} ${JSON.stringify(m.tokens)}` : `${m.op}@${m.at} ${JSON.stringify(m.token)}`))
    .join(', ');
}
