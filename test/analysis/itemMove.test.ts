/**
 * Kept items replayed at a new place (analysis/itemMove.ts): a line break typed or deleted above an item moves it,
 * and what its last walk produced is shifted by the edit's line map, line numbers inside messages included. After
 * every edit the result must equal a from-scratch analysis finding by finding (rule, place, message, related places,
 * fixes) and in the editor's semantics (OpenDocument asserts it); the counters show that moved items were replayed,
 * not walked, and that a line break re-walks only the item it is typed in however long the body is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { AnalyzerConfig } from '../../server/src/analysis/analyze.ts';
import { LineMap, lineMapOf, shiftLineReferences } from '../../server/src/analysis/itemMove.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import { lineStartsOf } from '../../server/src/analysis/rules/support/literals.ts';
import { packageBodyNear, loadCorpus } from '../bench/corpus.ts';
import { OpenDocument } from './openDocument.ts';

const ALL_RULES: AnalyzerConfig = { rules: Object.fromEntries(PERFORMANCE_RULES.map((r) => [r.meta.id, { enabled: true }])) };

/** A package body whose findings name lines of the same file everywhere: loops, queries, siblings, standalone callees after it. */
const LINE_REFERENCES = readFileSync(new URL('../analysis/fixtures/lineReferences.sql', import.meta.url), 'utf8');

function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
}

/** Edits that move lines, as an editor makes them: line breaks typed and deleted, pastes, block deletes. */
const MOVING_EDITS: ((lines: string[], at: number, random: (n: number) => number) => string)[] = [
  (lines, at, random) => {
    const line = lines[at]!;
    const cut = random(line.length + 1);
    lines.splice(at, 1, line.slice(0, cut), line.slice(cut));
    return 'a line break typed inside a line';
  },
  (lines, at) => { lines.splice(at, 0, ''); return 'an empty line typed'; },
  (lines, at) => { lines.splice(at, 1); return 'a line deleted'; },
  (lines, at) => {
    if (at + 1 < lines.length) lines.splice(at, 2, `${lines[at]}${lines[at + 1]!.trimStart()}`);
    return 'a line break deleted (two lines joined)';
  },
  (lines, at, random) => {
    const from = random(lines.length);
    lines.splice(at, 0, ...lines.slice(from, from + 1 + random(50)));
    return 'lines pasted';
  },
  (lines, at, random) => { lines.splice(at, 1 + random(12)); return 'a block deleted'; },
  (lines, at) => { lines[at] = ` ${lines[at]}`; return 'a space typed'; },
];

function randomSeries(doc: OpenDocument, start: string, count: number, seed: number, lineBreak: string, where: string): void {
  const random = seeded(seed);
  let text = start;
  doc.edit(text.replaceAll('\n', lineBreak), 'opening');
  for (let i = 0; i < count; i++) {
    const lines = text.split('\n');
    // mostly above the items' ends: what moves is what is tested
    const at = random(lines.length - 1);
    const what = MOVING_EDITS[random(MOVING_EDITS.length)]!(lines, at, random);
    text = lines.join('\n');
    doc.edit(text.replaceAll('\n', lineBreak), `edit ${i + 1} (${what} at line ${at + 1} of ${where})`);
  }
}

for (const [label, config] of [['default rules', undefined], ['every rule on', ALL_RULES]] as const) {
  for (const lineBreak of ['\n', '\r\n']) {
    test(`item move: random edits that move lines of a package body whose findings name lines match a from-scratch analysis (${label}, ${lineBreak === '\n' ? 'LF' : 'CR LF'})`, () => {
      const doc = new OpenDocument(new WorkspaceIndex(), config);
      randomSeries(doc, LINE_REFERENCES, 60, lineBreak === '\n' ? 7 : 11, lineBreak, 'lineReferences.sql');
      assert.ok(doc.items.moved > 20, `items were replayed at a new place (${doc.items.moved}), walked ${doc.items.walked}`);
    });
  }
}

test('item move: random edits that move lines of a real package body match a from-scratch analysis', () => {
  const files = loadCorpus();
  const file = packageBodyNear(files, 1200);
  assert.ok(file, 'a package body in the corpus');
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, file.path);
  randomSeries(doc, file.text, 30, 23, '\n', file.path);
  assert.ok(doc.items.moved > 60, `items were replayed at a new place (${doc.items.moved}), walked ${doc.items.walked}`);
});

test('item move: a line break above the items moves every line-numbered message after it, and only those', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const opened = doc.edit(LINE_REFERENCES, 'opening');
  const walked = doc.items.walked;
  // an empty line typed after get_rate: load_all, report and fetch_rows move, and the standalone functions after the package
  const at = LINE_REFERENCES.indexOf('  procedure log_it');
  const moved = doc.edit(`${LINE_REFERENCES.slice(0, at)}\n${LINE_REFERENCES.slice(at)}`, 'an empty line before log_it');
  // (the spec's three declarations and the two standalone functions after the body are other units of the file,
  // whose surrounding text changed: walked as before; no item of the package body is)
  assert.equal(doc.items.walked - walked, 5, 'no item of the package body walked: the line lies between items');
  const messageOf = (result: typeof opened, line: number, rule: string) => result.findings.find((f) => f.line === line && f.rule === rule)?.message;
  assert.match(messageOf(opened, 28, 'hidden-sql-in-loop')!, /query at line 26: loop at 26 -> PKG\.LOG_IT -> INSERT at line 19\./);
  assert.match(messageOf(moved, 29, 'hidden-sql-in-loop')!, /query at line 27: loop at 27 -> PKG\.LOG_IT -> INSERT at line 20\./);
  // get_rate stayed where it was: a message naming its SELECT keeps line 13, the standalone CALC moved to 70
  assert.match(messageOf(moved, 47, 'hidden-sql-in-loop')!, /SELECT at line 13\./);
  assert.match(messageOf(moved, 38, 'standalone-call-in-loop')!, /\(line 70\)/);
});

/** A package body of `count` procedures of 20 lines, each looping over a query and calling the next one. */
function longBody(count: number): string {
  const spec = `create or replace package big as\n  procedure p0;\nend big;\n/\n`;
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    items.push(`  procedure p${i} is
    l_n number;
  begin
    for r in (select id from t${i % 7}) loop
      update t set v = ${i} where id = r.id;
      select count(*) into l_n from u where id = r.id;
      if l_n > 0 then
        p${(i + 1) % count};
      end if;
    end loop;
    -- line 11 of p${i}
    -- line 12
    -- line 13
    -- line 14
    -- line 15
    -- line 16
    -- line 17
    l_n := l_n + 1;
  end p${i};
`);
  }
  return `${spec}create or replace package body big as\n${items.join('\n')}end big;\n/\n`;
}

test('item move: a line break typed at the top of a long body re-walks the item it is typed in, however long the body', () => {
  const walkedPerKeystroke: number[][] = [];
  for (const count of [15, 150]) {
    const text = longBody(count);
    assert.ok(count < 150 || text.split('\n').length > 3000, 'a body of over 3,000 lines');
    const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'big.pkb');
    doc.edit(text, 'opening');
    const walked: number[] = [];
    const moved = doc.items.moved;
    const keystroke = (edited: string, what: string) => {
      const before = doc.items.walked;
      doc.edit(edited, what);
      walked.push(doc.items.walked - before);
    };
    // in the first item, above every other: a line break typed, then deleted; then the same in the middle item
    const at = text.indexOf('    -- line 11 of p0');
    keystroke(`${text.slice(0, at)}\n${text.slice(at)}`, 'a line break in p0');
    keystroke(text, 'the line break deleted');
    const middle = text.indexOf(`    -- line 11 of p${Math.floor(count / 2)}`);
    keystroke(`${text.slice(0, middle)}\n${text.slice(middle)}`, 'a line break in the middle item');
    keystroke(text, 'the line break deleted');
    // a line break between two items: every item below moves, none is walked but the spec's declaration
    const between = text.indexOf('  procedure p1 is');
    keystroke(`${text.slice(0, between)}\n${text.slice(between)}`, 'an empty line between p0 and p1');
    keystroke(text, 'the empty line deleted');
    walkedPerKeystroke.push(walked);
    assert.ok(doc.items.moved - moved >= 4 * (count - 2), `the items below were replayed at their new places (${doc.items.moved - moved})`);
  }
  // what is walked: the item typed in and the spec's declaration of p0 (another unit of the file: the text around
  // it changed); not its caller, whose lookup of it answers the same but for the range's end (never read by a walk)
  assert.deepEqual(walkedPerKeystroke[1], walkedPerKeystroke[0], 'the same items walked in a body of 15 items and of 150');
  assert.deepEqual(walkedPerKeystroke[0], [2, 2, 2, 2, 1, 1]);
});

test('item move: the line map of an edit places unchanged lines and refuses changed ones', () => {
  const map = (before: string, after: string) => {
    let prefix = 0;
    while (prefix < Math.min(before.length, after.length) && before[prefix] === after[prefix]) prefix++;
    let suffix = 0;
    while (suffix < Math.min(before.length, after.length) && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
    return lineMapOf({ length: before.length, lineStarts: lineStartsOf(before) }, { length: after.length, lineStarts: lineStartsOf(after) }, { prefix, suffix });
  };
  // an empty line typed at the start of line 2
  const typed = map('a\nb\nc\n', 'a\n\nb\nc\n');
  assert.deepEqual([1, 2, 3].map((l) => typed.forward(l)), [1, 3, 4]);
  assert.deepEqual([1, 2, 3, 4].map((l) => typed.back(l)), [1, undefined, 2, 3]);
  // deleted again
  const deleted = map('a\n\nb\nc\n', 'a\nb\nc\n');
  assert.deepEqual([1, 2, 3, 4].map((l) => deleted.forward(l)), [1, undefined, 2, 3]);
  // a line split in its middle: that line is changed, the ones after it move
  const split = map('aaa\nbbbb\nc\n', 'aaa\nbb\nbb\nc\n');
  assert.deepEqual([1, 2, 3].map((l) => split.forward(l)), [1, undefined, 4]);
  // a range across the change maps at neither end
  assert.equal(split.forwardRange({ line: 1, column: 1, endLine: 3, endColumn: 2 }), undefined);
});

test('item move: line numbers in a message are moved when they name this document\'s lines, kept when another file\'s, refused when unclear', () => {
  const map = new LineMap(10, 20, 22);
  const file = 'pkg.pkb';
  const shift = (text: string) => shiftLineReferences(text, map, file);
  assert.equal(shift('once per row of the query at line 26: loop at 26 -> PKG.X -> INSERT at line 5'), 'once per row of the query at line 28: loop at 28 -> PKG.X -> INSERT at line 5');
  assert.equal(shift('CALC is a standalone function (line 70)'), 'CALC is a standalone function (line 72)');
  assert.equal(shift('defined in pkg.pkb line 30'), 'defined in pkg.pkb line 32');
  assert.equal(shift('defined in rates.sql line 30; SELECT at rates.sql:44'), 'defined in rates.sql line 30; SELECT at rates.sql:44');
  assert.equal(shift('inside a loop of about 1,000,000 iterations'), 'inside a loop of about 1,000,000 iterations');
  // a number that is no line stays; a line inside the change, or a line form inside quoted code: the item is walked again
  assert.equal(shift('FETCH ... LIMIT 1000 rows, about 10x the CPU'), 'FETCH ... LIMIT 1000 rows, about 10x the CPU');
  assert.equal(shift('the query at line 15'), undefined);
  assert.equal(shift("IF l_kind = 'a line 30' at line 31"), undefined);
  assert.equal(shift("IF l_kind = 'line 30' at line 31"), "IF l_kind = 'line 30' at line 33");
});

/** Every `.ts` file under a directory. */
function sources(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(new URL(`${entry.name}/`, dir)) : entry.name.endsWith('.ts') ? [new URL(entry.name, dir)] : []);
}

test('item move: every template in the analysis that prints a line number uses a form the move recognises (line N, loop at N, file:N, or a place key)', () => {
  const odd: string[] = [];
  for (const file of sources(new URL('../../server/src/analysis/', import.meta.url))) {
    const text = readFileSync(file, 'utf8');
    // a substitution whose expression ends in a line number (`${range.line}`, `${first.sqlLine}`, `${line}`)
    for (const found of text.matchAll(/\$\{([^{}]*?(?:\bline|Line)(?: \?\? [^{}]*)?)\}/g)) {
      const before = text.slice(Math.max(0, found.index - 40), found.index);
      const after = text.slice(found.index + found[0].length, found.index + found[0].length + 3);
      const recognised = /(?:^|[\s(`])line $/.test(before) || /loop at $/.test(before)
        || /\$\{[^{}]*file[^{}]*\}:$/i.test(before) || /#$/.test(before) // another file's `file:N`, a graph id `file#N:C`
        || /^:\$\{/.test(after); // a place key `N:C`, not prose
      if (!recognised) odd.push(`${file.pathname.split('/server/src/')[1]}: ...${before.slice(-25)}${found[0]}${after}`);
    }
  }
  assert.deepEqual(odd, [], 'a line printed in another form would not move with its item (add the form to itemMove.ts lineReference)');
});
