/**
 * The editor's overlay of the call graph (a document analysed before it is re-indexed) and the graph's update
 * when it is re-indexed: answers that pass through the edited file are computed again, the others are reused,
 * and every answer equals the one a graph built from scratch over the same texts gives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { CallGraph, Fact, SubprogramFacts } from '../../server/src/analysis/index/callGraph.ts';
import { definitionsOfScript, WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { indexOf } from './indexOf.ts';

/** The overlay the analysis of `text` as `file` uses (the index still holds the file's previous text). */
function overlayOf(index: WorkspaceIndex, file: string, text: string): CallGraph {
  const script = parseScript(text);
  return index.callGraph.overlay(file, script, definitionsOfScript(file, script));
}

const standalone = (name: string, body: string) => `create or replace procedure ${name} as\nbegin\n  ${body}\nend;\n/\n`;

test('call graph overlay: an answer through the edited file changes, an answer elsewhere is the same object', () => {
  const files = {
    'a.prc': standalone('a', 'b;'),
    'b.prc': standalone('b', 'update t set c = 1;'),
    'other.prc': standalone('other', 'null;'),
  };
  const index = indexOf(files);
  const graph = index.callGraph;
  const a = graph.factsOfDefinition(index.definitions('A')[0]!)[0]!;
  const before = graph.chainTo(a, 'sql')!;
  assert.deepEqual(before.map((s) => s.facts.displayName), ['A', 'B']);

  // b.prc edited: B runs no SQL any more; the overlay answers so for A's call, the graph itself still says SQL
  const edited = overlayOf(index, 'b.prc', standalone('b', 'null;'));
  assert.equal(edited.chainTo(a, 'sql'), undefined);
  assert.equal(graph.chainTo(a, 'sql'), before);

  // an unrelated file edited: A's answer is the graph's, the very same object, not a search made again
  const unrelated = overlayOf(index, 'other.prc', standalone('other', 'delete from t;'));
  assert.equal(unrelated.chainTo(a, 'sql'), before);
  assert.equal(unrelated.chainTo(unrelated.factsOfDefinition(index.definitions('OTHER')[0]!)[0]!, 'sql')![0]!.facts.sql!.what, 'DELETE');

  // re-indexed: the graph answers for the new text; the answer the edit could not reach is kept
  index.update('other.prc', standalone('other', 'delete from t;'));
  assert.equal(graph.chainTo(a, 'sql'), before);
  index.update('b.prc', standalone('b', 'null;'));
  assert.equal(graph.chainTo(a, 'sql'), undefined);
});

test('call graph overlay: a name the edited file starts or stops defining changes how other files resolve', () => {
  const index = indexOf({
    'caller.prc': standalone('caller', 'helper;'),
    'lib.prc': standalone('lib', 'null;'),
  });
  const caller = index.callGraph.factsOfDefinition(index.definitions('CALLER')[0]!)[0]!;
  assert.equal(index.callGraph.chainTo(caller, 'sql'), undefined);
  // lib.prc now also defines HELPER, which queries: CALLER's call resolves to it before the index knows
  const both = `${standalone('lib', 'null;')}${standalone('helper', 'delete from t;')}`;
  const overlay = overlayOf(index, 'lib.prc', both);
  assert.deepEqual(overlay.chainTo(caller, 'sql')?.map((s) => s.facts.displayName), ['CALLER', 'HELPER']);
  index.update('lib.prc', both);
  assert.deepEqual(index.callGraph.chainTo(caller, 'sql')?.map((s) => s.facts.displayName), ['CALLER', 'HELPER']);
  // and stops defining it
  const overlayWithout = overlayOf(index, 'lib.prc', standalone('lib', 'null;'));
  assert.equal(overlayWithout.chainTo(caller, 'sql'), undefined);
});

test('call graph overlay: SQL callers of a function follow the edited file (per-row context)', () => {
  const fn = 'create or replace function f(n number) return number as l number;\nbegin\n  select c into l from t where id = n;\n  return l;\nend;\n/\n';
  const index = indexOf({ 'f.fnc': fn, 'q.sql': 'begin\n  null;\nend;\n/\n' });
  const f = index.callGraph.factsOfDefinition(index.definitions('F')[0]!)[0]!;
  assert.deepEqual(index.callGraph.sqlCallersOf(f), []);
  const query = 'begin\n  update t set c = f(c);\nend;\n/\n';
  const overlay = overlayOf(index, 'q.sql', query);
  assert.deepEqual(overlay.sqlCallersOf(f).map((s) => [s.file, s.sqlLine, s.perRow]), [['q.sql', 2, true]]);
  index.update('q.sql', query);
  assert.deepEqual(index.callGraph.sqlCallersOf(f).map((s) => [s.file, s.sqlLine]), [['q.sql', 2]]);
  // the function's own file edited (lines moved): its facts are new, the callers are found again
  const moved = overlayOf(index, 'f.fnc', `\n\n${fn}`);
  const fMoved = moved.subprogramsOf('f.fnc')[0]!;
  assert.equal(fMoved.nameRange.line, 3);
  assert.deepEqual(moved.sqlCallersOf(fMoved).map((s) => [s.file, s.sqlLine]), [['q.sql', 2]]);
});

// ---- equivalence with a graph built from scratch, over random edits of a small workspace ----

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PACKAGES = ['PA', 'PB', 'PC'];
const MEMBERS = ['F1', 'F2', 'F3'];
const STANDALONES = ['S1', 'S2'];

/** A file's text: a package body (PA, PB, PC) or two standalone functions, with random calls and statements. */
function fileText(which: number, rand: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const callee = () => {
    const r = rand();
    if (r < 0.4) return `${pick(PACKAGES).toLowerCase()}.${pick(MEMBERS).toLowerCase()}(n)`;
    if (r < 0.7) return `${pick(MEMBERS).toLowerCase()}(n)`;
    return `${pick(STANDALONES).toLowerCase()}(n)`;
  };
  const statement = () => {
    const r = rand();
    if (r < 0.3) return `x := ${callee()};`;
    if (r < 0.4) return `if n > 0 then x := ${callee()}; end if;`;
    if (r < 0.5) return 'select c into x from t where id = n;';
    if (r < 0.55) return 'if n > 1 then update t set c = 1; end if;';
    if (r < 0.6) return 'commit;';
    if (r < 0.7) return `update t set c = ${callee()};`;
    if (r < 0.75) return `select ${callee()} into x from dual;`;
    return 'x := x + 1;';
  };
  const fn = (name: string, indent: string) => {
    const statements = Array.from({ length: 1 + Math.floor(rand() * 3) }, statement);
    const pragma = rand() < 0.1 ? ' pragma autonomous_transaction;' : '';
    return `${indent}function ${name}(n number) return number is x number;${pragma}\n${indent}begin\n${statements.map((s) => `${indent}  ${s}\n`).join('')}${indent}  return x;\n${indent}end ${name};\n`;
  };
  const padding = '\n'.repeat(Math.floor(rand() * 3)); // moves every position of the file
  if (which < PACKAGES.length) {
    const members = MEMBERS.filter(() => rand() < 0.8);
    const name = PACKAGES[which]!.toLowerCase();
    return `${padding}create or replace package body ${name} as\n${members.map((m) => fn(m.toLowerCase(), '  ')).join('')}end ${name};\n/\n`;
  }
  const names = STANDALONES.filter(() => rand() < 0.7);
  return padding + names.map((s) => `create or replace ${fn(s.toLowerCase(), '').trimEnd()}\n/\n`).join('');
}

const FACTS: Fact[] = ['sql', 'sql-always', 'commit', 'autonomous'];

/** Every answer of a graph about one workspace, as comparable data. */
function answersOf(graph: CallGraph, files: readonly string[]): string[] {
  const out: string[] = [];
  const at = (facts: SubprogramFacts) => `${facts.file}:${facts.nameRange.line}:${facts.nameRange.column}`;
  for (const file of files) {
    for (const facts of graph.subprogramsOf(file)) {
      for (const fact of FACTS) {
        const chain = graph.chainTo(facts, fact);
        out.push(`${fact} ${at(facts)} -> ${chain ? chain.map((s) => `${s.facts.displayName}@${at(s.facts)}${s.via ? `/${s.via.line}:${s.via.column}` : ''}`).join(' ') : 'none'}`);
      }
      const callers = graph.sqlCallersOf(facts).map((s) => `${s.file}:${s.range.line}:${s.range.column}:${s.sqlLine}:${s.perRow}`);
      out.push(`callers ${at(facts)} ${callers.join(' ')}`);
    }
  }
  return out;
}

test('call graph overlay and update: every answer equals a graph built from scratch, over 60 random edits', () => {
  const rand = random(20261125);
  const names = ['pa.pkb', 'pb.pkb', 'pc.pkb', 'fns.sql'];
  const texts = new Map(names.map((name, i) => [name, fileText(i, rand)]));
  const index = indexOf(Object.fromEntries(texts));
  answersOf(index.callGraph, names); // the graph holds answers before the first edit
  for (let step = 0; step < 60; step++) {
    const which = Math.floor(rand() * names.length);
    const file = names[which]!;
    const text = fileText(which, rand);
    texts.set(file, text);
    const fresh = indexOf(Object.fromEntries(texts));
    const expected = answersOf(fresh.callGraph, names);
    // as the editor does it: analyse with an overlay of the parse, then re-index from the same parse
    const script = parseScript(text);
    const overlay = index.callGraph.overlay(file, script, definitionsOfScript(file, script));
    assert.deepEqual(answersOf(overlay, names), expected, `overlay after edit ${step} of ${file}`);
    index.updateFromScript(file, script, text);
    assert.deepEqual(answersOf(index.callGraph, names), expected, `graph after re-indexing edit ${step} of ${file}`);
    for (const name of ['PA', 'PA.F1', 'PB.F2', 'PC.F3', 'S1', 'S2']) assert.deepEqual(index.definitions(name), fresh.definitions(name), name);
  }
});

test('call graph overlay: an analysis before re-indexing finds what a check of the same texts finds', () => {
  const rand = random(7);
  const names = ['pa.pkb', 'pb.pkb', 'pc.pkb', 'fns.sql'];
  const texts = new Map(names.map((name, i) => [name, fileText(i, rand)]));
  const index = indexOf(Object.fromEntries(texts));
  for (let step = 0; step < 25; step++) {
    const which = Math.floor(rand() * names.length);
    const file = names[which]!;
    const loop = `${fileText(which, rand)}begin\n  for r in (select id from t) loop\n    null;\n  end loop;\nend;\n/\n`;
    texts.set(file, loop);
    const fresh = indexOf(Object.fromEntries(texts));
    const check = (name: string, when: string) => {
      const text = texts.get(name)!;
      assert.deepEqual(analyzeText(text, { file: name, index }).findings, analyzeText(text, { file: name, index: fresh }).findings, `findings of ${name} ${when} edit ${step} of ${file}`);
    };
    check(file, 'before re-indexing');
    index.update(file, loop);
    for (const name of names) check(name, 'after');
  }
});

test('call graph: an unchanged package item at the same place keeps its facts; a changed name it calls does not', () => {
  const body = (second: string) => [
    'create or replace package body shop as',
    '  procedure first_one is begin helper; end first_one;',
    `  ${second}`,
    '  procedure third is begin update t set c = 1; end third;',
    'end shop;',
    '/',
    '',
  ].join('\n');
  const original = body('procedure second is begin null; end second;');
  const index = indexOf({ 'shop.pkb': original, 'helper.prc': standalone('helper', 'null;') });
  const factsOf = (graph: CallGraph, name: string) => graph.subprogramsOf('shop.pkb').find((f) => f.displayName === name)!;
  const firstBefore = factsOf(index.callGraph, 'SHOP.FIRST_ONE');
  const thirdBefore = factsOf(index.callGraph, 'SHOP.THIRD');

  // the second item changes text on its own line: the others are the same nodes, their facts are kept
  const edited = body('procedure second is begin delete from t; end second;');
  const overlay = overlayOf(index, 'shop.pkb', edited);
  assert.equal(factsOf(overlay, 'SHOP.THIRD'), thirdBefore);
  assert.equal(factsOf(overlay, 'SHOP.FIRST_ONE'), firstBefore);
  assert.equal(factsOf(overlay, 'SHOP.SECOND').sql?.what, 'DELETE');
  assert.deepEqual(answersOf(overlay, ['shop.pkb', 'helper.prc']), answersOf(indexOf({ 'shop.pkb': edited, 'helper.prc': standalone('helper', 'null;') }).callGraph, ['shop.pkb', 'helper.prc']));

  // the second item becomes HELPER: FIRST_ONE's unchanged text now calls the package's own HELPER
  const renamed = body('procedure helper is begin delete from t; end helper;');
  const overlayRenamed = overlayOf(index, 'shop.pkb', renamed);
  assert.notEqual(factsOf(overlayRenamed, 'SHOP.FIRST_ONE'), firstBefore);
  assert.deepEqual(overlayRenamed.chainTo(factsOf(overlayRenamed, 'SHOP.FIRST_ONE'), 'sql')?.map((s) => s.facts.displayName), ['SHOP.FIRST_ONE', 'SHOP.HELPER']);
  const fresh = indexOf({ 'shop.pkb': renamed, 'helper.prc': standalone('helper', 'null;') });
  assert.deepEqual(answersOf(overlayRenamed, ['shop.pkb', 'helper.prc']), answersOf(fresh.callGraph, ['shop.pkb', 'helper.prc']));

  // a line added above: every item moved, every answer still equals a graph built from scratch
  const moved = `\n${edited}`;
  assert.deepEqual(answersOf(overlayOf(index, 'shop.pkb', moved), ['shop.pkb', 'helper.prc']), answersOf(indexOf({ 'shop.pkb': moved, 'helper.prc': standalone('helper', 'null;') }).callGraph, ['shop.pkb', 'helper.prc']));
});

test('call graph: a line break typed in one item keeps the facts of the items above that call no sibling below it', () => {
  const body = (inside: string) => [
    'create or replace package body shop as',
    '  procedure top is begin update t set c = 1; end top;',
    '  procedure above is begin top; end above;',
    '  procedure calls_below is begin bottom; end calls_below;',
    '  procedure edited is',
    '  begin',
    inside,
    '  end edited;',
    '  procedure bottom is begin delete from t; end bottom;',
    'end shop;',
    '/',
    '',
  ].join('\n');
  const original = body('    null;');
  const index = indexOf({ 'shop.pkb': original });
  const factsOf = (graph: CallGraph, name: string) => graph.subprogramsOf('shop.pkb').find((f) => f.displayName === name)!;
  const before = Object.fromEntries(['SHOP.TOP', 'SHOP.ABOVE', 'SHOP.CALLS_BELOW', 'SHOP.BOTTOM'].map((name) => [name, factsOf(index.callGraph, name)]));

  const typed = body('    null;\n');
  const overlay = overlayOf(index, 'shop.pkb', typed);
  // above the line break and calling only siblings above it: the same facts objects
  assert.equal(factsOf(overlay, 'SHOP.TOP'), before['SHOP.TOP']);
  assert.equal(factsOf(overlay, 'SHOP.ABOVE'), before['SHOP.ABOVE']);
  // above it but calling BOTTOM, which moved: new facts pointing at BOTTOM's new place; BOTTOM itself moved
  assert.notEqual(factsOf(overlay, 'SHOP.CALLS_BELOW'), before['SHOP.CALLS_BELOW']);
  assert.equal(factsOf(overlay, 'SHOP.BOTTOM').nameRange.line, before['SHOP.BOTTOM']!.nameRange.line + 1);
  const fresh = indexOf({ 'shop.pkb': typed });
  assert.deepEqual(answersOf(overlay, ['shop.pkb']), answersOf(fresh.callGraph, ['shop.pkb']));
  assert.deepEqual(
    overlay.chainTo(factsOf(overlay, 'SHOP.CALLS_BELOW'), 'sql')?.map((s) => `${s.facts.displayName}:${s.facts.nameRange.line}`),
    ['SHOP.CALLS_BELOW:4', 'SHOP.BOTTOM:10'],
  );
  // re-indexed from the same parse, then the line break deleted: the graph still equals one built from scratch
  index.update('shop.pkb', typed);
  assert.equal(factsOf(index.callGraph, 'SHOP.ABOVE'), before['SHOP.ABOVE']);
  const back = overlayOf(index, 'shop.pkb', original);
  assert.deepEqual(answersOf(back, ['shop.pkb']), answersOf(indexOf({ 'shop.pkb': original }).callGraph, ['shop.pkb']));
});

/**
 * A workspace index built from parses that share nothing with earlier ones (no unit cache): its graph walks every
 * item, so it is the reference for a graph that kept or moved facts (the unit cache would hand both the same nodes).
 */
function scratchIndexOf(files: Record<string, string>): WorkspaceIndex {
  const index = new WorkspaceIndex();
  for (const [file, text] of Object.entries(files)) index.updateFromScript(file, parseScript(text, { unitCache: false }), text);
  return index;
}

/** Everything the graph holds of a file's subprograms, as data (not object identity): places, sites, calls. */
function factsData(graph: CallGraph, file: string): unknown[] {
  return graph.subprogramsOf(file).map((f) => ({
    id: f.id, displayName: f.displayName, indexName: f.indexName, kind: f.kind, nameRange: f.nameRange, udf: f.udf, autonomous: f.autonomous,
    sql: f.sql, sqlAlways: f.sqlAlways, commit: f.commit, raises: f.raises, handles: f.handles,
    calls: f.calls.map((c) => ({ name: c.name, range: c.range, localTarget: c.localTarget, conditional: c.conditional, inHandler: c.inHandler })),
    callers: graph.sqlCallersOf(f).map((s) => ({ file: s.file, range: s.range, sqlLine: s.sqlLine, sqlWhat: s.sqlWhat, perRow: s.perRow })),
  }));
}

test('call graph: after lines move (typed or deleted above, between or inside items), every fact, site and call is where a graph built from scratch puts it', () => {
  const lines = [
    'create or replace package body moves as',
    '  function rate(p_id number) return number is l number;',
    '  begin',
    '    select r into l from rates where id = p_id;',
    '    return l;',
    '  end rate;',
    '  procedure work(p_id number) is',
    '    l_total number;',
    '    procedure add_line(n number) is',
    '    begin',
    '      insert into lines values (n);',
    '    end add_line;',
    '  begin',
    '    if p_id > 0 then',
    '      update totals set n = n + 1;',
    '    end if;',
    '    delete from stale where id = p_id;',
    '    update orders set total = rate(id) where id = p_id;',
    '    add_line(p_id);',
    '    rate_check(p_id);',
    '    commit;',
    '  exception',
    '    when others then',
    '      add_line(-1);',
    '      raise;',
    '  end work;',
    '  procedure rate_check(p_id number) is',
    '  begin',
    '    work(p_id);',
    '  end rate_check;',
    '  procedure solo is',
    '    procedure step is begin delete from steps; end step;',
    '  begin',
    '    step;',
    '  end solo;',
    'end moves;',
    '/',
    '',
  ];
  const file = 'moves.pkb';
  const index = indexOf({ [file]: lines.join('\n') });
  factsData(index.callGraph, file); // the graph holds its parts and answers before the first edit
  const edits: [string, (l: string[]) => string[]][] = [
    ['a line typed above the package', (l) => ['', ...l]],
    ['a line typed between two items', (l) => [...l.slice(0, 7), '', ...l.slice(7)]],
    ['a line typed inside an item, above its nested procedure', (l) => [...l.slice(0, 9), '', ...l.slice(9)]],
    ['a line typed after the nested procedure', (l) => [...l.slice(0, 14), '', ...l.slice(14)]],
    ['two lines deleted above the items', (l) => [l[0]!, ...l.slice(3)]],
    ['the text as it was', () => lines],
  ];
  let current = lines;
  for (const [what, edit] of edits) {
    current = edit(current);
    const text = current.join('\n');
    const fresh = factsData(scratchIndexOf({ [file]: text }).callGraph, file);
    assert.deepEqual(factsData(overlayOf(index, file, text), file), fresh, `overlay after ${what}`);
    index.update(file, text);
    assert.deepEqual(factsData(index.callGraph, file), fresh, `graph after ${what}`);
  }
});

test('call graph overlay: a name a found chain passed by, defined by an edit of another file, gives the chain through it', () => {
  const files = {
    'a.prc': standalone('a', 'audit(1);\n  b;'),
    'b.prc': standalone('b', 'update t set c = 1;'),
    'lib.prc': standalone('lib', 'null;'),
  };
  const index = indexOf(files);
  const a = index.callGraph.factsOfDefinition(index.definitions('A')[0]!)[0]!;
  const chainText = (graph: CallGraph) => graph.chainTo(a, 'sql')?.map((s) => `${s.facts.displayName} ${s.facts.sql?.what ?? ''}`.trim()).join(' -> ');
  assert.equal(chainText(index.callGraph), 'A -> B UPDATE');
  // lib.prc now defines AUDIT, which deletes: A calls it first, so the shortest chain found first goes through it
  const both = `${standalone('lib', 'null;')}${standalone('audit', 'delete from t;')}`;
  assert.equal(chainText(overlayOf(index, 'lib.prc', both)), 'A -> AUDIT DELETE');
  index.update('lib.prc', both);
  assert.equal(chainText(index.callGraph), 'A -> AUDIT DELETE');
});

test('call graph overlay: a name defined in several files keeps the files\' order (the first body with SQL in it is the chain\'s)', () => {
  const files: Record<string, string> = {
    'caller.prc': standalone('caller', 'dup;'),
    'v1.prc': standalone('dup', 'null;'),
    'v2.prc': standalone('dup', 'update t set c = 2;'),
    'v3.prc': standalone('dup', 'delete from t;'),
  };
  const index = indexOf(files);
  const names = Object.keys(files);
  const caller = index.callGraph.factsOfDefinition(index.definitions('CALLER')[0]!)[0]!;
  const chainEnd = (graph: CallGraph) => graph.chainTo(caller, 'sql')?.at(-1)?.facts.file;
  assert.equal(chainEnd(index.callGraph), 'v2.prc');
  for (const [file, body] of [['v2.prc', 'update t set c = 22;'], ['v1.prc', 'null; null;'], ['v3.prc', 'delete from t where 1 = 1;'], ['v4.prc', 'insert into t values (4);']] as const) {
    files[file] = `\n${standalone('dup', body)}`;
    if (!names.includes(file)) names.push(file);
    const fresh = scratchIndexOf(files);
    assert.deepEqual(answersOf(overlayOf(index, file, files[file]!), names), answersOf(fresh.callGraph, names), `overlay of ${file}`);
    index.update(file, files[file]!);
    assert.deepEqual(answersOf(index.callGraph, names), answersOf(fresh.callGraph, names), `graph after ${file}`);
    assert.equal(chainEnd(index.callGraph), 'v2.prc');
  }
});

test('call graph: an edit of a package\'s declarations changes what its unchanged items call (a collection that hid a function renamed)', () => {
  const body = (collection: string) => [
    'create or replace package body orders_pkg as',
    '  type t_rates is table of number index by pls_integer;',
    `  ${collection} t_rates;`,
    '  procedure price_all is',
    '    x number;',
    '  begin',
    '    x := rates(1);',
    '  end price_all;',
    'end orders_pkg;',
    '/',
    '',
  ].join('\n');
  const rates = 'create or replace function rates(p number) return number as l number;\nbegin\n  select r into l from t where id = p;\n  return l;\nend;\n/\n';
  const files: Record<string, string> = { 'orders.pkb': body('rates'), 'rates.fnc': rates };
  const index = indexOf(files);
  const names = Object.keys(files);
  const priceAll = (graph: CallGraph) => graph.subprogramsOf('orders.pkb').find((f) => f.displayName === 'ORDERS_PKG.PRICE_ALL')!;
  assert.equal(index.callGraph.chainTo(priceAll(index.callGraph), 'sql'), undefined, 'RATES(1) is an element of the collection');
  files['orders.pkb'] = body('rate_list');
  const overlay = overlayOf(index, 'orders.pkb', files['orders.pkb']);
  assert.deepEqual(overlay.chainTo(priceAll(overlay), 'sql')?.map((s) => s.facts.displayName), ['ORDERS_PKG.PRICE_ALL', 'RATES']);
  assert.deepEqual(answersOf(overlay, names), answersOf(scratchIndexOf(files).callGraph, names));
});

test('call graph overlay: the overlay of one parse is neither reused nor adopted for another parse of the file', () => {
  const index = indexOf({ 'a.prc': standalone('a', 'b;'), 'b.prc': standalone('b', 'null;') });
  const a = index.callGraph.factsOfDefinition(index.definitions('A')[0]!)[0]!;
  const chainEnd = (graph: CallGraph) => graph.chainTo(a, 'sql')?.at(-1)?.facts.sql?.what ?? 'none';
  assert.equal(chainEnd(overlayOf(index, 'b.prc', standalone('b', 'update t set c = 1;'))), 'UPDATE');
  // typed on: the next analysis has another parse of b.prc
  assert.equal(chainEnd(overlayOf(index, 'b.prc', standalone('b', 'delete from t;'))), 'DELETE');
  // and the index re-indexes from a third one (the editor's last text), not from the last overlay's
  const last = standalone('b', 'null; null;');
  index.updateFromScript('b.prc', parseScript(last), last);
  assert.equal(chainEnd(index.callGraph), 'none');
});

test('call graph overlay: a SQL call read as a schema\'s standalone function becomes a package member when a file defines that package', () => {
  const fn = 'create or replace function f(n number) return number as\nbegin\n  return n;\nend;\n/\n';
  const index = indexOf({ 'f.fnc': fn, 'q.sql': 'begin\n  update t set c = app.f(c);\nend;\n/\n', 'lib.pkb': standalone('lib', 'null;') });
  const f = index.callGraph.factsOfDefinition(index.definitions('F')[0]!)[0]!;
  // no package APP: `app.f` is schema APP's function F
  assert.deepEqual(index.callGraph.sqlCallersOf(f).map((s) => s.file), ['q.sql']);
  const withPackage = `${standalone('lib', 'null;')}create or replace package body app as\n  function f(n number) return number is begin return n; end f;\nend app;\n/\n`;
  assert.deepEqual(overlayOf(index, 'lib.pkb', withPackage).sqlCallersOf(f), []);
  index.update('lib.pkb', withPackage);
  assert.deepEqual(index.callGraph.sqlCallersOf(f), []);
});
