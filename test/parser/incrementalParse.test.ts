/**
 * The editor's incremental parse (parser/incremental/): after every edit of a random series on real corpus code,
 * what it builds from the previous version equals what a parse from scratch builds, field by field:
 * - the layout (line starts, segments, each package body's split into items) and the light tokens, on large bodies
 *   and scripts, hundreds of edits each;
 * - the whole parse (segments, units with their models, syntax errors, notes), with the unit cache and the kept
 *   layout against no cache at all, on package bodies and scripts of a few hundred lines.
 * Edits: characters and lines typed and deleted, 50-line pastes, block deletes, an unterminated comment, string or
 * q-quote opened and closed again at the top and in the middle, `/` lines, new units; with LF, CR LF and CR lines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { clearKeptLayouts, scriptLayout } from '../../server/src/parser/incremental/scriptLayout.ts';
import { rescanned, textChange } from '../../server/src/parser/incremental/textChange.ts';
import { lightTokens, relexLightTokens, type LightTokens } from '../../server/src/parser/script/lightTokens.ts';
import { computeLineStarts } from '../../server/src/parser/script/scanner.ts';
import { segmentScript } from '../../server/src/parser/script/segmentScript.ts';
import { splitPackageBody } from '../../server/src/parser/script/splitPackageBody.ts';
import { withLfLineBreaks } from '../../server/src/parser/lineBreaks.ts';
import { corpusRoot } from '../bench/corpus.ts';

const corpus = (path: string) => readFileSync(join(corpusRoot(), path), 'utf8');

/** A small deterministic generator (the same series on every run; a failure names its step). */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
}

const PIECES = [
  'x', ' ', 'end', ';', '(', ')', "'", '"', '/*', '*/', '--', "q'[", "]'", "q'{x", 'begin ', 'end;', 'if x then ', 'end if;',
  'loop ', 'end loop;', 'case ', 'procedure p is begin null; end;', 'function f return number is begin return 1; end;',
  '$if $$x $then ', '$end ', '\n/\n', '\n.\n', '\ncreate or replace procedure q is begin null; end;\n/\n', '#', 'begin',
  'set serveroutput on\n', 'declare x number; begin null; end;\n/\n',
];

interface Edit { at: number; remove: number; insert: string; what: string }

/** One random edit of `text`; `eol` is the text's line break. */
function randomEdit(text: string, next: (n: number) => number, eol: string): Edit {
  const lines = text.split(eol);
  const lineStart = (line: number) => lines.slice(0, line).reduce((sum, l) => sum + l.length + eol.length, 0);
  const line = next(lines.length);
  const middle = Math.floor(text.length / 2);
  switch (next(12)) {
    case 0: { // a 50-line paste from elsewhere in the text
      const from = next(Math.max(1, lines.length - 50));
      const paste = lines.slice(from, from + 50).join(eol) + eol;
      return { at: lineStart(line), remove: 0, insert: paste, what: `paste of lines ${from + 1}-${from + 50} at line ${line + 1}` };
    }
    case 1: { // a block of lines deleted
      const count = 1 + next(40);
      const at = lineStart(line);
      return { at, remove: Math.min(text.length - at, lineStart(Math.min(lines.length, line + count)) - at), insert: '', what: `${count} lines deleted at ${line + 1}` };
    }
    case 2: return { at: lineStart(line), remove: 0, insert: eol, what: `line break at line ${line + 1}` };
    case 3: return { at: lineStart(line), remove: Math.min(lines[line]!.length + eol.length, text.length - lineStart(line)), insert: '', what: `line ${line + 1} deleted` };
    case 4: { // an unterminated construct opened at the top or in the middle (closed again by a later edit, or not)
      const opener = ['/*', "'", "q'[", '"', "q'<"][next(5)]!;
      const at = next(2) === 0 ? 0 : middle;
      return { at, remove: 0, insert: opener, what: `${opener} opened at ${at}` };
    }
    case 5: { // ... and closed where one was opened
      const closer = ['*/', "'", "]'", '"', ">'"][next(5)]!;
      const at = next(2) === 0 ? 0 : middle;
      return { at, remove: 0, insert: closer, what: `${closer} at ${at}` };
    }
    case 6: { // an opener removed again
      const found = text.search(/\/\*|q'\[|q'</);
      if (found >= 0) return { at: found, remove: 2, insert: '', what: `opener at ${found} removed` };
      return { at: middle, remove: 1, insert: '', what: `character at ${middle} deleted` };
    }
    case 7: { // a character deleted
      const at = next(text.length + 1);
      return { at, remove: Math.min(1, text.length - at), insert: '', what: `character at ${at} deleted` };
    }
    default: { // something typed
      const at = next(text.length + 1);
      const piece = PIECES[next(PIECES.length)]!.replaceAll('\n', eol);
      return { at, remove: 0, insert: piece, what: `${JSON.stringify(piece)} typed at ${at}` };
    }
  }
}

function applied(text: string, edit: Edit): string {
  return text.slice(0, edit.at) + edit.insert + text.slice(edit.at + edit.remove);
}

function tokenList(tokens: LightTokens): unknown {
  const { count } = tokens;
  return [count, tokens.kinds.subarray(0, count), tokens.starts.subarray(0, count), tokens.ends.subarray(0, count)];
}

/** Edits `text` `count` times, checking after each edit the kept layout against one from scratch. */
function checkLayouts(name: string, original: string, eol: string, count: number, seed: number): { relexed: number } {
  clearKeptLayouts();
  const next = random(seed);
  let text = original;
  let relexed = 0;
  scriptLayout(withLfLineBreaks(text), true);
  let tokens: LightTokens | undefined;
  let tokensOf = '';
  for (let step = 0; step < count; step++) {
    const edit = randomEdit(text, next, eol);
    const after = applied(text, edit);
    const what = `${name} step ${step}: ${edit.what}`;
    const lf = withLfLineBreaks(after);
    const layout = scriptLayout(lf, true);
    const lineStarts = computeLineStarts(lf);
    assert.deepEqual(layout.lineStarts, lineStarts, `line starts after ${what}`);
    assert.deepEqual(layout.segments, segmentScript(lf, lineStarts), `segments after ${what}`);
    layout.segments.forEach((segment, index) => {
      if (segment.kind !== 'code' || segment.codeKind !== 'plsql' || segment.wrapped) return;
      const code = lf.slice(segment.start, segment.end);
      const split = layout.bodyLayout(index, code);
      assert.deepEqual(split, splitPackageBody(code), `split of segment ${index} after ${what}`);
      // an item's unit-cache key, kept from an earlier version or new, is its text's
      split?.items.forEach((item, k) => {
        const itemText = code.slice(item.start, item.end);
        assert.equal(layout.itemKey(index, k, itemText), `packageBodyItem\u0000${itemText}`, `key of item ${k} after ${what}`);
      });
    });
    // the light tokens of the whole text, re-scanned around the change against scanned from scratch
    const change = textChange(tokensOf, lf);
    if (tokens && change) {
      const incremental = relexLightTokens(tokens, change, lf);
      const fresh = lightTokens(lf);
      assert.deepEqual(tokenList(incremental), tokenList(fresh), `light tokens after ${what}`);
      tokens = incremental;
      relexed++;
    } else tokens = lightTokens(lf);
    tokensOf = lf;
    text = after;
  }
  return { relexed };
}

const BIG = 'alexandria/extras/pdfgen_pkg.pkb';
const SCRIPTS = ['pljson/testsuite/pljson_list.test.sql', 'utPLSQL/source/core/ut_utils.pkb', 'alexandria/ora/string_util_pkg.pkb'];

test('the kept layout equals a fresh one after every edit of a large body (LF)', () => {
  const { relexed } = checkLayouts(BIG, corpus(BIG), '\n', 300, 11);
  assert.ok(relexed > 250);
});

test('the kept layout equals a fresh one after every edit, CR LF and CR line ends', () => {
  const text = corpus(BIG).split('\n').slice(0, 1200).join('\n');
  checkLayouts('CR LF', text.replaceAll('\n', '\r\n'), '\r\n', 150, 12);
  checkLayouts('CR', text.replaceAll('\n', '\r'), '\r', 150, 13);
});

test('the kept layout equals a fresh one after every edit of scripts of many segments', () => {
  for (const [k, path] of SCRIPTS.entries()) checkLayouts(path, corpus(path), '\n', 150, 20 + k);
});

/** The parse as the editor makes it (unit cache and kept layout) against a parse from scratch, after each edit. */
function checkParses(name: string, original: string, eol: string, count: number, seed: number): void {
  clearKeptLayouts();
  const next = random(seed);
  let text = original;
  parseScript(text);
  for (let step = 0; step < count; step++) {
    const edit = randomEdit(text, next, eol);
    text = applied(text, edit);
    const what = `${name} step ${step}: ${edit.what}`;
    const incremental = parseScript(text);
    const fresh = parseScript(text, { unitCache: false });
    assert.deepEqual(incremental.segments, fresh.segments, `segments after ${what}`);
    assert.deepEqual(incremental.syntaxErrors, fresh.syntaxErrors, `syntax errors after ${what}`);
    assert.deepEqual(incremental.notes, fresh.notes, `notes after ${what}`);
    assert.equal(incremental.lineCount, fresh.lineCount, `line count after ${what}`);
    assert.equal(incremental.units.length, fresh.units.length, `units after ${what}`);
    incremental.units.forEach((unit, k) => {
      assert.deepEqual(unit.syntaxErrors, fresh.units[k]!.syntaxErrors, `errors of unit ${k} after ${what}`);
      assert.equal(unit.wrapped, fresh.units[k]!.wrapped);
      assert.deepEqual(unit.views, fresh.units[k]!.views, `model of unit ${k} after ${what}`);
    });
  }
}

test('the editor\'s parse equals a parse from scratch after every edit of a package body', () => {
  const path = 'alexandria/ora/string_util_pkg.pkb';
  checkParses(path, corpus(path), '\n', 120, 31);
});

test('the editor\'s parse equals a parse from scratch after every edit, CR LF and CR line ends', () => {
  const text = corpus('alexandria/ora/random_util_pkg.pkb');
  checkParses('CR LF', text.replaceAll('\n', '\r\n'), '\r\n', 60, 32);
  checkParses('CR', text.replaceAll('\n', '\r'), '\r', 60, 33);
});

test('the editor\'s parse equals a parse from scratch after every edit of a script', () => {
  const path = 'pljson/testsuite/pljson_list.test.sql';
  checkParses(path, corpus(path), '\n', 80, 34);
});

test('a character or a line typed in a procedure of a large body re-reads a few lines around it, not the body', () => {
  clearKeptLayouts();
  const text = corpus(BIG);
  const lines = text.split('\n');
  const at = lines.slice(0, Math.floor(lines.length / 2)).join('\n').length + 1;
  scriptLayout(text, true);
  for (const [what, typed] of [['a character', text.slice(0, at) + 'x' + text.slice(at)], ['the character removed', text], ['a line', text.slice(0, at) + '\n' + text.slice(at)]] as const) {
    const layout = scriptLayout(typed, true);
    // the segment with the edit: its split re-scans its light tokens around the change
    const index = layout.segments.findIndex((s) => s.start <= at && s.end >= at);
    const segment = layout.segments[index]!;
    const split = layout.bodyLayout(index, typed.slice(segment.start, segment.end));
    assert.ok(split && split.items.length > 50, `${what}: the body splits`);
    // (the 32 lines between checkpoints, and back to the token before the change, past a comment: a few KB of 155 KB)
    assert.ok(rescanned.segmentedChars < 0.05 * text.length, `${what}: segmenter re-read ${rescanned.segmentedChars} of ${text.length}`);
    assert.ok(rescanned.lexedChars < 0.05 * text.length, `${what}: light tokens re-read ${rescanned.lexedChars} of ${text.length}`);
  }
});
