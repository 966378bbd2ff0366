/**
 * Tests written for the survivors of mutation round 9 on `index/callGraph.ts` (test/rules/mutation-round9-callgraph.md):
 * each fails with the mutant it names applied and passes without it (checked by hand).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { CallGraph, Fact, SubprogramFacts } from '../../server/src/analysis/index/callGraph.ts';
import { definitionsOfScript, entriesOfScript, WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { indexOf } from './indexOf.ts';

function factsNamed(index: WorkspaceIndex, name: string): SubprogramFacts {
  const facts = index.callGraph.factsOfDefinition(index.definitions(name)[0]!)[0];
  assert.ok(facts, name);
  return facts;
}

/** The chain's subprograms, or `none`. */
function chainOf(graph: CallGraph, start: SubprogramFacts, fact: Fact): string {
  return graph.chainTo(start, fact)?.map((s) => s.facts.displayName).join(' -> ') ?? 'none';
}

/** The overlay the analysis of `text` as `file` uses (the index still holds the file's previous text). */
function overlayOf(index: WorkspaceIndex, file: string, text: string): CallGraph {
  const script = parseScript(text);
  return index.callGraph.overlay(file, script, definitionsOfScript(file, script));
}

const standalone = (name: string, body: string) => `create or replace procedure ${name} as\nbegin\n  ${body}\nend;\n/\n`;

test('call graph: a call of a workspace package named like an Oracle-supplied one (USER_, UTL_, DBMS_ ...) in another file is a call (the chain goes through it)', () => {
  // the graph is built per file: a name its file does not define, with a supplied package's prefix, read as
  // Oracle's and was dropped, while the analysis (against the workspace) resolves it to the workspace's package
  const lib = [
    'create or replace package body user_mgmt as',
    '  procedure log_login(p number) is begin insert into logins values (p); end log_login;',
    'end user_mgmt;',
    '/',
    '',
  ].join('\n');
  const login = standalone('login(p number)', 'user_mgmt.log_login(p);');
  const batch = 'create or replace procedure batch as\nbegin\n  for r in (select id from users) loop\n    login(r.id);\n  end loop;\nend;\n/\n';
  const layouts: Record<string, string>[] = [{ 'lib.pkb': lib, 'login.prc': login, 'batch.prc': batch }, { 'both.sql': `${lib}${login}`, 'batch.prc': batch }];
  for (const files of layouts) {
    const index = indexOf(files);
    assert.equal(chainOf(index.callGraph, factsNamed(index, 'LOGIN'), 'sql'), 'LOGIN -> USER_MGMT.LOG_LOGIN', Object.keys(files).join(' '));
    const hidden = analyzeText(batch, { file: 'batch.prc', index }).findings.filter((f) => f.rule === 'hidden-sql-in-loop');
    assert.deepEqual(hidden.map((f) => f.line), [4], Object.keys(files).join(' '));
  }
  // a real supplied package's call stays none: nothing in the workspace answers it
  const index = indexOf({ 'p.prc': standalone('p', "dbms_output.put_line('x');") });
  assert.equal(chainOf(index.callGraph, factsNamed(index, 'P'), 'sql'), 'none');
});

test('call graph: INSERT ... SELECT from its own target table runs a function once per row read; INSERT ... VALUES once', () => {
  // `tables` of an INSERT holds its target and the tables it reads, deduplicated: one table did not mean VALUES
  const fn = 'create or replace function f(n number) return number as\n  l number;\nbegin\n  select c into l from rates where id = n;\n  return l;\nend;\n/\n';
  const q = [
    'create or replace procedure copy_rows as',
    'begin',
    '  insert into t (a) select f(c) from t;',
    '  insert into t (a) values ((select max(f(c)) from t));',
    '  insert into t (a) values (f(1));',
    'end;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'f.fnc': fn, 'q.prc': q });
  assert.deepEqual(index.callGraph.sqlCallersOf(factsNamed(index, 'F')).map((s) => [s.sqlLine, s.perRow]), [[3, true], [4, true], [5, false]]);
  const perRow = analyzeText(q, { file: 'q.prc', index }).findings.filter((f) => f.rule === 'plsql-function-in-sql');
  assert.deepEqual(perRow.map((f) => f.line), [3, 4]);
  const inFunction = analyzeText(fn, { file: 'f.fnc', index }).findings.filter((f) => f.rule === 'select-into-in-loop');
  assert.equal(inFunction.length, 1);
  assert.match(inFunction[0]!.message, /once per row of the INSERT at q\.prc line 3/);
});

test('call graph: only PRAGMA UDF makes a function UDF, not a local variable named UDF', () => {
  const fn = [
    'create or replace function rate_of(n number) return number as',
    '  udf number;',
    'begin',
    '  select rate into udf from rates where id = n;',
    '  return udf;',
    'end;',
    '/',
    '',
  ].join('\n');
  const q = 'begin\n  for r in (select rate_of(id) v from orders) loop\n    null;\n  end loop;\nend;\n/\n';
  const index = indexOf({ 'rate_of.fnc': fn, 'q.sql': q });
  const facts = factsNamed(index, 'RATE_OF');
  assert.equal(facts.udf, false);
  assert.deepEqual(analyzeText(q, { file: 'q.sql', index }).findings.filter((f) => f.rule === 'plsql-function-in-sql').map((f) => f.line), [2]);
  // the pragma itself still counts
  const udfFn = fn.replace('  udf number;\n', '  udf number;\n  pragma udf;\n');
  const withPragma = indexOf({ 'rate_of.fnc': udfFn, 'q.sql': q });
  assert.equal(factsNamed(withPragma, 'RATE_OF').udf, true);
});

test('call graph: a SQL call named like a function that resolves to nothing is not its caller', () => {
  // REMOTE.UNKNOWN_PKG.RATE_OF (schema, package, member): no package of the workspace, the call reaches no body, not
  // the standalone RATE_OF (a two-part UNKNOWN_PKG.RATE_OF would read as schema UNKNOWN_PKG's RATE_OF)
  const fn = 'create or replace function rate_of(n number) return number as\n  l number;\nbegin\n  select rate into l from rates where id = n;\n  return l;\nend;\n/\n';
  const q = 'begin\n  update orders set rate = remote.unknown_pkg.rate_of(id);\n  update orders set rate = rate_of(id);\nend;\n/\n';
  const index = indexOf({ 'rate_of.fnc': fn, 'q.sql': q });
  assert.deepEqual(index.callGraph.sqlCallersOf(factsNamed(index, 'RATE_OF')).map((s) => s.sqlLine), [3]);
  const finding = analyzeText(fn, { file: 'rate_of.fnc', index }).findings.find((f) => f.rule === 'select-into-in-loop');
  assert.match(finding!.message, /once per row of the UPDATE at q\.sql line 3/);
});

test('call graph overlay: an answer the overlay computed from the edited file\'s new text is not handed to the workspace\'s graph', () => {
  const fn = 'create or replace function f(n number) return number as\nbegin\n  return n;\nend;\n/\n';
  // the edit removes the file's SQL call of F: the overlay's answer is not the graph's (F's name is the edit's SQL name)
  const index = indexOf({ 'f.fnc': fn, 'q.sql': 'begin\n  update t set c = f(c);\nend;\n/\n' });
  const f = factsNamed(index, 'F');
  assert.deepEqual(overlayOf(index, 'q.sql', 'begin\n  null;\nend;\n/\n').sqlCallersOf(f), []);
  assert.deepEqual(index.callGraph.sqlCallersOf(f).map((s) => s.file), ['q.sql'], 'the graph, not re-indexed');
  // the edit defines package APP: `app.f` is its member now, for the overlay only (the answer resolved a word the edit touched)
  const index2 = indexOf({ 'f.fnc': fn, 'q.sql': 'begin\n  update t set c = app.f(c);\nend;\n/\n', 'lib.pkb': standalone('lib', 'null;') });
  const f2 = factsNamed(index2, 'F');
  assert.deepEqual(index2.callGraph.sqlCallersOf(f2).map((s) => s.file), ['q.sql']);
  const withPackage = `${standalone('lib', 'null;')}create or replace package body app as\n  function f(n number) return number is begin return n; end f;\nend app;\n/\n`;
  assert.deepEqual(overlayOf(index2, 'lib.pkb', withPackage).sqlCallersOf(f2), []);
  assert.deepEqual(index2.callGraph.sqlCallersOf(f2).map((s) => s.file), ['q.sql'], 'the graph, not re-indexed');
});

test('call graph overlay: a call of a nested subprogram in a file the edit did not touch still reaches it', () => {
  const outer = 'create or replace procedure outer_proc as\n  procedure step is begin delete from t; end step;\nbegin\n  step;\nend;\n/\n';
  const index = indexOf({ 'outer.prc': outer, 'other.prc': standalone('other', 'null;') });
  const overlay = overlayOf(index, 'other.prc', standalone('other', 'null; null;'));
  // asked of the overlay first (nothing to inherit): the call's target is found by its place in outer.prc
  assert.equal(chainOf(overlay, factsNamed(index, 'OUTER_PROC'), 'sql'), 'OUTER_PROC -> STEP');
  assert.equal(chainOf(index.callGraph, factsNamed(index, 'OUTER_PROC'), 'sql'), 'OUTER_PROC -> STEP');
});

test('call graph: an item with a nested subprogram that calls a sibling which moved is not kept as it was (its call points at the sibling\'s new place)', () => {
  const body = (inside: string) => [
    'create or replace package body shop as',
    '  procedure caller is',
    '    procedure prep is begin null; end prep;',
    '  begin',
    '    prep;',
    '    b2;',
    '  end caller;',
    '  procedure edited is',
    '  begin',
    inside,
    '  end edited;',
    '  procedure b1 is begin delete from t; end b1;',
    '  procedure b2 is begin null; end b2;',
    'end shop;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'shop.pkb': body('    null;') });
  const callerOf = (graph: CallGraph) => graph.subprogramsOf('shop.pkb').find((f) => f.displayName === 'SHOP.CALLER')!;
  assert.equal(chainOf(index.callGraph, callerOf(index.callGraph), 'sql'), 'none');
  // a line break typed inside EDITED: B1 moves to where B2 was; CALLER (and PREP, which calls no sibling) stay
  const typed = body('    null;\n');
  const overlay = overlayOf(index, 'shop.pkb', typed);
  assert.equal(chainOf(overlay, callerOf(overlay), 'sql'), 'none');
  index.updateFromScript('shop.pkb', parseScript(typed), typed);
  assert.equal(chainOf(index.callGraph, callerOf(index.callGraph), 'sql'), 'none');
});

test('call graph: a file indexed elsewhere (a worker, the cache) joins the graph; files added after an overlay keep the files\' order', () => {
  for (const how of ['re-indexed', 'entries'] as const) {
    const index = indexOf({ 'caller.prc': standalone('caller', 'dup;'), 'v1.prc': standalone('dup', 'null;') });
    const caller = factsNamed(index, 'CALLER');
    const chainEnd = (graph: CallGraph) => graph.chainTo(caller, 'sql')?.at(-1)?.facts.file ?? 'none';
    // an overlay that resolves DUP: the graph ranks its files now
    assert.equal(chainEnd(overlayOf(index, 'v1.prc', standalone('dup', 'null; null;'))), 'none');
    const add = (file: string, text: string) => {
      if (how === 're-indexed') index.update(file, text);
      else index.updateFromEntries(file, entriesOfScript(file, parseScript(text), text));
    };
    add('v2.prc', standalone('dup', 'update t set c = 2;'));
    assert.equal(chainEnd(index.callGraph), 'v2.prc', how);
    add('v3.prc', standalone('dup', 'delete from t;'));
    // V2 edited (in the editor): its DUP is still the second body, before V3's
    const edited = `\n${standalone('dup', 'update t set c = 22;')}`;
    assert.equal(chainEnd(overlayOf(index, 'v2.prc', edited)), 'v2.prc', how);
    index.update('v2.prc', edited);
    assert.equal(chainEnd(index.callGraph), 'v2.prc', how);
  }
});

test('call graph: a call of a forward-declared subprogram reaches its body (the declaration has no facts), also where an earlier text had a body', () => {
  const text = (b: string) => [
    'create or replace package body fwd as',
    b,
    '  procedure a is begin b; end a;',
    '  procedure b is begin null; end b;',
    'end fwd;',
    '/',
    '',
  ].join('\n');
  const withFwd = text('  procedure b;').replace('begin null; end b;', 'begin delete from t; end b;');
  const index = indexOf({ 'fwd.pkb': withFwd });
  const aOf = (graph: CallGraph) => graph.subprogramsOf('fwd.pkb').find((f) => f.displayName === 'FWD.A')!;
  assert.equal(aOf(index.callGraph).calls[0]?.localTarget, 'fwd.pkb#2:13', 'the call points at the forward declaration');
  assert.equal(chainOf(index.callGraph, aOf(index.callGraph), 'sql'), 'FWD.A -> FWD.B');
  // before: a body with SQL where the forward declaration is now (the overlay must not take the old body for it)
  const old = ['create or replace package body fwd as', '  procedure b is begin delete from t; end b;', '  procedure a is begin b; end a;', 'end fwd;', '/', ''].join('\n');
  const index2 = indexOf({ 'fwd.pkb': old });
  assert.equal(chainOf(index2.callGraph, aOf(index2.callGraph), 'sql'), 'FWD.A -> FWD.B');
  const now = text('  procedure b;');
  const overlay = overlayOf(index2, 'fwd.pkb', now);
  assert.equal(chainOf(overlay, aOf(overlay), 'sql'), 'none');
  index2.update('fwd.pkb', now);
  assert.equal(chainOf(index2.callGraph, aOf(index2.callGraph), 'sql'), 'none');
});

test('call graph: the subprograms of a file the graph does not hold are none', () => {
  const index = indexOf({ 'a.prc': standalone('a', 'null;') });
  assert.deepEqual(index.callGraph.subprogramsOf('unknown.prc'), []);
  // a worker that sent no graph part for a file: the graph holds none for it
  index.updateFromEntries('a.prc', { definitions: index.definitions('A') });
  assert.deepEqual(index.callGraph.subprogramsOf('a.prc'), []);
});

test('call graph: each overload\'s definition stands for its own body', () => {
  const body = [
    'create or replace package body ov as',
    '  function f(n number) return number is begin return n; end f;',
    '  function f(s varchar2) return number is l number; begin select c into l from t where k = s; return l; end f;',
    'end ov;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'ov.pkb': body });
  const definitions = index.definitions('OV.F');
  assert.equal(definitions.length, 2);
  assert.deepEqual(definitions.map((d) => index.callGraph.factsOfDefinition(d).map((f) => f.sql?.what ?? 'none')), [['none'], ['SELECT']]);
});

test('call graph: only a call of RAISE_APPLICATION_ERROR raises, not an assignment to a variable whose name ends so', () => {
  const index = indexOf({
    // (an assignment's target is its text as written: in upper case it ends in RAISE_APPLICATION_ERROR)
    'p.prc': 'CREATE OR REPLACE PROCEDURE P AS\n  L_NO_RAISE_APPLICATION_ERROR NUMBER;\nBEGIN\n  L_NO_RAISE_APPLICATION_ERROR := 1;\nEND;\n/\n',
    'q.prc': standalone('q', "raise_application_error(-20001, 'x');"),
  });
  assert.equal(factsNamed(index, 'P').raises, false);
  assert.equal(factsNamed(index, 'Q').raises, true);
});
