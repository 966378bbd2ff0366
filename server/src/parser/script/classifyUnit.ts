/**
 * Decides whether a statement is SQL or PL/SQL from its leading words (as SQL*Plus does), and detects wrapped units.
 * Words are upper-cased, quoted identifiers keep their case (see normalizeWord).
 */
import type { CodeKind } from './segmentScript.ts';

/** How many leading words the segmenter collects for classification. */
export const MAX_WORDS = 12;

const CREATE_MODIFIERS = new Set([
  'OR',
  'REPLACE',
  'EDITIONABLE',
  'NONEDITIONABLE',
  'EDITIONING',
  'FORCE',
  'NOFORCE',
  'AND',
  'RESOLVE',
  'COMPILE',
]);
const PLSQL_UNITS = new Set(['PACKAGE', 'PROCEDURE', 'FUNCTION', 'TRIGGER', 'TYPE', 'LIBRARY']);

export interface Classification {
  kind: CodeKind;
  /** Index in the words of the unit keyword (PACKAGE, TYPE, ...) for a PL/SQL CREATE, else -1. */
  unitIndex: number;
  /** Not tokenised after the header (Java source, MLE module). */
  raw: boolean;
}

/** Decides SQL vs PL/SQL from the leading words, or undefined when more words are needed. */
export function classify(words: readonly string[]): Classification | undefined {
  const w0 = words[0];
  if (w0 === undefined) return undefined;
  if (w0 === 'DECLARE' || w0 === 'BEGIN' || w0.startsWith('<<')) return { kind: 'plsql', unitIndex: -1, raw: false };
  if (w0 === 'WITH') {
    const w1 = words[1];
    if (w1 === undefined) return undefined;
    const plsql = w1 === 'FUNCTION' || w1 === 'PROCEDURE';
    return { kind: plsql ? 'plsql' : 'sql', unitIndex: -1, raw: false };
  }
  if (w0 !== 'CREATE') return { kind: 'sql', unitIndex: -1, raw: false };
  for (let k = 1; k < words.length; k++) {
    const w = words[k] as string;
    if (CREATE_MODIFIERS.has(w)) continue;
    if (PLSQL_UNITS.has(w)) return { kind: 'plsql', unitIndex: k, raw: false };
    if (w === 'JAVA') return { kind: 'plsql', unitIndex: k, raw: true };
    if (w === 'MLE') {
      const next = words[k + 1];
      if (next === undefined) return undefined;
      return next === 'MODULE' ? { kind: 'plsql', unitIndex: k, raw: true } : { kind: 'sql', unitIndex: -1, raw: false };
    }
    return { kind: 'sql', unitIndex: -1, raw: false };
  }
  return words.length >= MAX_WORDS ? { kind: 'sql', unitIndex: -1, raw: false } : undefined;
}

/** For a PL/SQL CREATE: true/false once the word after the unit name is known, undefined before. */
export function isWrapped(words: readonly string[], unitIndex: number): boolean | undefined {
  const unit = words[unitIndex];
  if (unit === undefined || !PLSQL_UNITS.has(unit)) return false;
  let nameIndex = unitIndex + 1;
  const next = words[nameIndex];
  if (next === undefined) return undefined;
  if ((unit === 'PACKAGE' || unit === 'TYPE') && next === 'BODY') nameIndex++;
  if (words[nameIndex] === 'IF' && words[nameIndex + 1] === 'NOT' && words[nameIndex + 2] === 'EXISTS') nameIndex += 3;
  const after = words[nameIndex + 1];
  if (after === undefined) return words.length >= MAX_WORDS ? false : undefined;
  return after === 'WRAPPED';
}
