/**
 * Tests written for the survivors of mutation round 9 on `index/callGraph.ts` (test/rules/mutation-round9-callgraph.md):
 * each fails with the mutant it names applied and passes without it (checked by hand).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { CallGraph, Fact, SubprogramFacts } from '../../server/src/analysis/index/callGraph.ts';
import { definitionsOfScript, WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';

function indexOf(files: Record<string, string>): WorkspaceIndex {
  const index = new WorkspaceIndex();
  for (const [file, text] of Object.entries(files)) index.update(file, text);
  return index;
}

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
  for (const files of [{ 'lib.pkb': lib, 'login.prc': login, 'batch.prc': batch }, { 'both.sql': `${lib}${login}`, 'batch.prc': batch }]) {
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
