/**
 * What the call graph knows of each subprogram and what its searches answer: raises and handles, the facts the
 * graph's users ask about (runs SQL on some path or on every call, commits, reaches an autonomous transaction),
 * calls made only in an exception handler or a branch, nested subprograms, and how the answers read in messages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { CallGraph, Fact, SubprogramFacts } from '../../server/src/analysis/index/callGraph.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
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

const OPS = [
  'create or replace package body ops as',
  '  procedure fail_rae is begin raise_application_error(-20001, \'stop\'); end fail_rae;',
  '  procedure fail_plain is begin raise no_data_found; end fail_plain;',
  '  procedure not_failing is begin raise_application_error_logged(-20001, \'x\'); end not_failing;',
  '  procedure quiet is x number; begin x := 1; end quiet;',
  '  procedure inner_block is x number; begin begin x := 1; end; end inner_block;',
  '  procedure inner_handler is x number;',
  '  begin',
  '    begin',
  '      x := 1;',
  '    exception',
  '      when others then null;',
  '    end;',
  '  end inner_handler;',
  '  procedure saves is begin insert into t values (1); commit; end saves;',
  '  procedure calls_saves is begin saves; end calls_saves;',
  '  procedure maybe_query(n number) is x number;',
  '  begin',
  '    if n > 0 then',
  '      select c into x from t where id = n;',
  '    end if;',
  '  end maybe_query;',
  '  procedure calls_maybe(n number) is begin maybe_query(n); end calls_maybe;',
  '  procedure maybe_dynamic(n number) is begin if n > 0 then execute immediate \'truncate table t\'; end if; end maybe_dynamic;',
  '  procedure query_on_error(n number) is x number;',
  '  begin',
  '    x := 1 / n;',
  '  exception',
  '    when zero_divide then',
  '      maybe_query(n);',
  '  end query_on_error;',
  '  procedure log_it is pragma autonomous_transaction; begin insert into log values (1); commit; end log_it;',
  '  procedure log_sometimes(n number) is',
  '  begin',
  '    if n > 0 then',
  '      log_it;',
  '    end if;',
  '  end log_sometimes;',
  '  procedure log_always is begin log_it; end log_always;',
  'end ops;',
  '/',
  '',
].join('\n');

test('call graph facts: raises (RAISE, RAISE_APPLICATION_ERROR, not a procedure named like it) and handles (its own or an inner block\'s handler)', () => {
  const index = indexOf({ 'ops.pkb': OPS });
  const facts = (name: string) => factsNamed(index, `OPS.${name}`);
  assert.deepEqual(
    ['FAIL_RAE', 'FAIL_PLAIN', 'NOT_FAILING', 'QUIET', 'INNER_BLOCK', 'INNER_HANDLER', 'QUERY_ON_ERROR'].map((n) => [n, facts(n).raises, facts(n).handles]),
    [['FAIL_RAE', true, false], ['FAIL_PLAIN', true, false], ['NOT_FAILING', false, false], ['QUIET', false, false], ['INNER_BLOCK', false, false], ['INNER_HANDLER', false, true], ['QUERY_ON_ERROR', false, true]],
  );
});

test('call graph facts: SQL on some path and on every call, commits, autonomous transactions on some path and on every call', () => {
  const index = indexOf({ 'ops.pkb': OPS });
  const graph = index.callGraph;
  const facts = (name: string) => factsNamed(index, `OPS.${name}`);
  // a query inside an IF: SQL on some path, not on every call
  assert.equal(chainOf(graph, facts('CALLS_MAYBE'), 'sql'), 'OPS.CALLS_MAYBE -> OPS.MAYBE_QUERY');
  assert.equal(chainOf(graph, facts('CALLS_MAYBE'), 'sql-always'), 'none');
  assert.equal(facts('MAYBE_DYNAMIC').sql?.what, 'EXECUTE IMMEDIATE');
  assert.equal(facts('MAYBE_DYNAMIC').sqlAlways, undefined);
  // a call made only in an exception handler is error handling, not what the procedure does
  assert.equal(chainOf(graph, facts('QUERY_ON_ERROR'), 'sql'), 'none');
  // commits: through a call, and not where nothing commits
  assert.equal(chainOf(graph, facts('CALLS_SAVES'), 'commit'), 'OPS.CALLS_SAVES -> OPS.SAVES');
  assert.equal(facts('SAVES').commit?.line, 15);
  assert.equal(chainOf(graph, facts('CALLS_MAYBE'), 'commit'), 'none');
  assert.equal(chainOf(graph, facts('QUIET'), 'sql'), 'none');
  // an autonomous transaction reached inside an IF: on some path only
  assert.equal(chainOf(graph, facts('LOG_SOMETIMES'), 'autonomous'), 'OPS.LOG_SOMETIMES -> OPS.LOG_IT');
  assert.equal(chainOf(graph, facts('LOG_SOMETIMES'), 'autonomous-always'), 'none');
  assert.equal(chainOf(graph, facts('LOG_ALWAYS'), 'autonomous-always'), 'OPS.LOG_ALWAYS -> OPS.LOG_IT');
  assert.equal(chainOf(graph, facts('QUIET'), 'autonomous'), 'none');
});

test('call graph: a subprogram nested in a package member is named alone in messages, and its SQL reached through its parent', () => {
  const text = [
    'create or replace package body stock as',
    '  procedure recount(p_id number) is',
    '    procedure count_rows is',
    '      l_count number;',
    '    begin',
    '      select count(*) into l_count from items where id = p_id;',
    '    end count_rows;',
    '  begin',
    '    count_rows;',
    '  end recount;',
    '  procedure recount_all is',
    '  begin',
    '    for r in (select id from items) loop',
    '      recount(r.id);',
    '    end loop;',
    '  end recount_all;',
    'end stock;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'stock.pkb': text });
  const findings = analyzeText(text, { file: 'stock.pkb', index }).findings.filter((f) => f.rule === 'hidden-sql-in-loop');
  assert.deepEqual(findings.map((f) => f.line), [14]);
  assert.match(findings[0]!.message, /loop at 13 -> STOCK\.RECOUNT -> COUNT_ROWS -> SELECT at line 6\./);
});

test('call graph: a function called per row names the statement that calls it ("the query", "the UPDATE") in its body\'s findings', () => {
  const fn = [
    'create or replace function rate_of(p_id number) return number as',
    '  l_rate number;',
    'begin',
    '  select rate into l_rate from rates where id = p_id;',
    '  return l_rate;',
    'end rate_of;',
    '/',
    '',
  ].join('\n');
  const messageWith = (caller: string) => {
    const index = indexOf({ 'rate_of.fnc': fn, 'caller.sql': caller });
    const finding = analyzeText(fn, { file: 'rate_of.fnc', index }).findings.find((f) => f.rule === 'select-into-in-loop');
    assert.ok(finding, caller);
    return finding.message;
  };
  assert.match(messageWith('begin\n  for r in (select rate_of(id) r from orders) loop\n    null;\n  end loop;\nend;\n/\n'), /once per row of the query at caller\.sql line 2/);
  assert.match(messageWith('begin\n  update orders set rate = rate_of(id);\nend;\n/\n'), /once per row of the UPDATE at caller\.sql line 2/);
});

test('call graph: a function called from a query in an object type body runs per row of it (a call to a standalone function of the same file)', () => {
  const text = [
    'create or replace function tax_of(p_amount number) return number as',
    '  l_rate number;',
    'begin',
    '  select rate into l_rate from tax_rates where amount_from <= p_amount and rownum = 1;',
    '  return p_amount * l_rate;',
    'end tax_of;',
    '/',
    'create or replace type body t_invoice as',
    '  member function total_tax return number is',
    '    l_total number;',
    '  begin',
    '    select sum(tax_of(amount)) into l_total from invoice_lines where invoice_id = self.id;',
    '    return l_total;',
    '  end total_tax;',
    'end;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'invoice.sql': text });
  const finding = analyzeText(text, { file: 'invoice.sql', index }).findings.find((f) => f.rule === 'select-into-in-loop');
  assert.equal(finding?.line, 4);
  assert.match(finding!.message, /once per row of the query at line 12/);
});

test('call graph: a query in an object type body that calls a standalone function of another file makes that function per-row, as one of the same file does', () => {
  const fn = [
    'create or replace function tax_of(p_amount number) return number as',
    '  l_rate number;',
    'begin',
    '  select rate into l_rate from tax_rates where amount_from <= p_amount and rownum = 1;',
    '  return p_amount * l_rate;',
    'end tax_of;',
    '/',
    '',
  ].join('\n');
  const typeBody = [
    'create or replace type body t_invoice as',
    '  member function total_tax return number is',
    '    l_total number;',
    '  begin',
    '    select sum(tax_of(amount)) into l_total from invoice_lines where invoice_id = self.id;',
    '    return l_total;',
    '  end total_tax;',
    'end;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'tax_of.fnc': fn, 't_invoice.tpb': typeBody });
  const finding = analyzeText(fn, { file: 'tax_of.fnc', index }).findings.find((f) => f.rule === 'select-into-in-loop');
  assert.equal(finding?.line, 4);
  assert.match(finding!.message, /once per row of the query at t_invoice\.tpb line 5/);
  // the call is the graph's (SELF.ID and SUM are none)
  assert.deepEqual(index.callGraph.subprogramsOf('t_invoice.tpb').map((f) => f.calls.map((c) => c.name)), [['TAX_OF']]);
});

test('call graph: a file removed from the workspace takes its subprograms out of every chain and SQL caller list asked before', () => {
  const index = indexOf({
    'a.prc': 'create or replace procedure a as\nbegin\n  b;\nend;\n/\n',
    'b.prc': 'create or replace procedure b as\nbegin\n  update t set c = 1;\nend;\n/\n',
    'f.fnc': 'create or replace function f(n number) return number as\nbegin\n  return n;\nend;\n/\n',
    'q.sql': 'begin\n  update t set c = f(c);\nend;\n/\n',
  });
  const graph = index.callGraph;
  const a = factsNamed(index, 'A');
  const f = factsNamed(index, 'F');
  assert.equal(chainOf(graph, a, 'sql'), 'A -> B');
  assert.equal(graph.sqlCallersOf(f).length, 1);
  index.remove('b.prc');
  index.remove('q.sql');
  assert.equal(chainOf(graph, a, 'sql'), 'none');
  assert.equal(graph.sqlCallersOf(f).length, 0);
});
