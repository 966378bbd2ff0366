/** The workspace call graph: facts per subprogram, chains across files, and recursion that ends. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexOf } from './indexOf.ts';

test('call graph: facts of each subprogram and the shortest chain to SQL across three files', () => {
  const index = indexOf({
    'loop.sql': 'create or replace procedure run_all as x number; begin for i in 1 .. 10 loop x := pkg.f(i); end loop; end;\n/\n',
    'pkg.pkb': [
      'create or replace package body pkg as',
      '  function f(n number) return number is begin upd(n); return n; end f;',
      '  procedure logit is pragma autonomous_transaction; begin insert into log values (1); commit; exception when others then raise; end logit;',
      'end pkg;',
      '/',
    ].join('\n'),
    'upd.prc': 'create or replace procedure upd(n number) as\nbegin\n  update t set c = n;\nend;\n/\n',
  });
  const graph = index.callGraph;
  const [f] = graph.factsOfDefinition(index.definitions('PKG.F')[0]!);
  assert.ok(f);
  assert.equal(f.sql, undefined);
  const chain = graph.chainTo(f, 'sql')!;
  assert.deepEqual(chain.map((s) => s.facts.displayName), ['PKG.F', 'UPD']);
  assert.equal(chain[1]!.facts.sql!.what, 'UPDATE');
  assert.equal(chain[1]!.facts.sql!.range.line, 3);
  assert.equal(chain[1]!.facts.file, 'upd.prc');
  const [logit] = graph.factsOfDefinition(index.definitions('PKG.LOGIT')[0]!);
  assert.ok(logit!.autonomous && logit!.commit && logit!.raises && logit!.handles);
  assert.equal(graph.chainTo(f, 'autonomous'), undefined);
});

test('call graph: recursion and mutual recursion end the search (with and without SQL behind them)', () => {
  const index = indexOf({
    'rec.pkb': [
      'create or replace package body rec as',
      '  function ping(n number) return number is begin return pong(n + 1); end ping;',
      '  function pong(n number) return number is begin return ping(n - 1); end pong;',
      '  function self(n number) return number is begin return self(n); end self;',
      '  function deep(n number) return number is begin if n > 0 then return deep(n - 1); end if; return last_one(n); end deep;',
      '  function last_one(n number) return number is l number; begin select count(*) into l from t; return l; end last_one;',
      'end rec;',
      '/',
    ].join('\n'),
  });
  const graph = index.callGraph;
  const facts = (name: string) => graph.factsOfDefinition(index.definitions(name)[0]!)[0]!;
  assert.equal(graph.chainTo(facts('REC.PING'), 'sql'), undefined);
  assert.equal(graph.chainTo(facts('REC.SELF'), 'sql'), undefined);
  assert.deepEqual(graph.chainTo(facts('REC.DEEP'), 'sql')!.map((s) => s.facts.displayName), ['REC.DEEP', 'REC.LAST_ONE']);
});

test('call graph: functions that SQL calls per row, and ones it calls once (FROM DUAL, INSERT ... VALUES)', () => {
  const index = indexOf({
    'f.sql': [
      'create or replace function f(n number) return number as begin return n; end;',
      '/',
      'create or replace function g(n number) return number as begin return n; end;',
      '/',
      'begin',
      '  update t set c = f(c);',
      '  insert into t (c) values (g(1));',
      'end;',
      '/',
    ].join('\n'),
  });
  const graph = index.callGraph;
  const facts = (name: string) => graph.factsOfDefinition(index.definitions(name)[0]!)[0]!;
  assert.deepEqual(graph.sqlCallersOf(facts('F')).map((s) => [s.sqlLine, s.perRow, s.sqlWhat]), [[6, true, 'the UPDATE']]);
  assert.deepEqual(graph.sqlCallersOf(facts('G')).map((s) => [s.sqlLine, s.perRow]), [[7, false]]);
  assert.ok(index.stats.callGraphMs >= 0);
});

test('call graph: a document newer than the index is analysed with its own parse (the editor re-indexes later)', async () => {
  const { analyzeText } = await import('../../server/src/analysis/analyze.ts');
  const index = indexOf({
    'run.sql': 'create or replace procedure run_all as\nbegin\n  for i in 1 .. 10 loop\n    null;\n  end loop;\nend;\n/\n',
  });
  // the edited text adds a nested function with a query and calls it in the loop: the index holds the old parse
  const edited = [
    'create or replace procedure run_all as',
    '  function get(n number) return number is l number; begin select c into l from t where id = n; return l; end get;',
    '  x number;',
    'begin',
    '  for i in 1 .. 10 loop',
    '    x := get(i);',
    '  end loop;',
    'end;',
    '/',
    '',
  ].join('\n');
  const findings = analyzeText(edited, { file: 'run.sql', index }).findings.filter((f) => f.rule === 'hidden-sql-in-loop');
  assert.deepEqual(findings.map((f) => f.line), [6]);
  assert.match(findings[0]!.message, /loop at 5 -> GET -> SELECT at line 2/);
});
