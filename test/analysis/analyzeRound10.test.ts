/**
 * Tests written for the survivors of mutation round 10 on `analyze.ts` lines 1-260 (test/rules/mutation-round10-analyze.md):
 * each fails with the mutants it names applied and passes without them (checked by hand with scripts/mutation-apply.py).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { ItemCache } from '../../server/src/analysis/itemCache.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import type { SourceRange } from '../../server/src/syntax/finding.ts';
import { indexOf, findingsOf } from './indexOf.ts';

const range = (line: number, column: number, endLine: number, endColumn: number): SourceRange => ({ line, column, endLine, endColumn });

/** A rule that asks `hasSyntaxErrorIn` of each range and reports the answers, in order. */
function syntaxProbe(ranges: readonly SourceRange[]): Rule {
  return {
    meta: { id: 'syntax-probe', defaultSeverity: 'info', status: 'preview', summary: 'asks hasSyntaxErrorIn, for the test', remedy: 'none at all', fixKind: 'none', docPath: 'docs/rules/syntax-probe.md' },
    create: (context) => ({
      finish() {
        context.report(range(1, 1, 1, 2), ranges.map((r) => String(context.hasSyntaxErrorIn(r))).join(' '));
      },
    }),
  };
}

test('hasSyntaxErrorIn: a syntax error overlaps a range when it lies inside it; one that ends where the range starts, or starts where it ends, does not', () => {
  const text = 'declare\n  v number;\nbegin\n  v := ;\nend;\n/\n';
  const result = analyzeText(text, {
    extraRules: [syntaxProbe([
      range(3, 1, 3, 6), // the line above the error
      range(4, 3, 4, 8), // ends where the error starts
      range(3, 1, 5, 3), // lines 3-5: ends at a column before the error's, on a later line
      range(4, 9, 4, 12), // starts where the error ends
      range(2, 10, 5, 1), // starts on an earlier line at a column after the error's end
      range(4, 8, 4, 9), // the error itself
      range(5, 1, 5, 4), // the line below the error
    ])],
  });
  assert.deepEqual(result.script.syntaxErrors.map((e) => [e.line, e.column, e.endLine, e.endColumn]), [[4, 8, 4, 9]]);
  const probe = result.findings.filter((f) => f.rule === 'syntax-probe');
  assert.deepEqual(probe.map((f) => f.message), ['false false true false true true false']);
});

test('select-from-dual is left out only around a syntax error: one on a later line, or on the same line before or after the statement, does not hide it', () => {
  const cases: [string, string[]][] = [
    ['  select 1 into v from dual;\n  v := ;', ['select-from-dual@4:info', 'syntax-error@5:error']],
    ['  select 1 into v from dual; v := ;', ['select-from-dual@4:info', 'syntax-error@4:error']],
    ['  v := ; select 1 into v from dual;', ['syntax-error@4:error', 'select-from-dual@4:info']],
    ['  select 1 into v from dual;', ['select-from-dual@4:info']],
  ];
  for (const [body, expected] of cases) {
    const text = `declare\n  v number;\nbegin\n${body}\nend;\n/\n`;
    assert.deepEqual(analyzeText(text, { file: 'dual.sql' }).findings.map((f) => `${f.rule}@${f.line}:${f.severity}`), expected, body);
  }
});

const fn = 'create or replace function f(n number) return number as\n  l number;\nbegin\n  select c into l from rates where id = n;\n  return l;\nend;\n/\n';
const keyed = 'create table k (id number primary key, c number);\n';
const procedureQ = (body: string) => `create or replace procedure q as\n  x number;\nbegin\n${body}\nend;\n/\n`;

test('plsql-function-in-sql: INSERT ALL whose query fixes a key runs the function once, a string literal before the query (holding the word SELECT, or long) notwithstanding', () => {
  const cases: [string, string[]][] = [
    ["  insert all into t (a, b) values (x, 'select') select f(c) x from k where id = 1;", []],
    ["  insert all into t (a, b) values (x, 'a long literal with many characters') select f(c) x from k where id = 1;", []],
    ["  insert all into t (a, b) values (x, 'select') select f(c) x from k where c = 1;", ['plsql-function-in-sql@4:warning']],
  ];
  for (const [body, expected] of cases) {
    const index = indexOf({ 'f.fnc': fn, 'k.sql': keyed, 'q.prc': procedureQ(body) });
    assert.deepEqual(findingsOf(procedureQ(body), 'q.prc', index, 'plsql-function-in-sql'), expected, body);
  }
});

test('plsql-function-in-sql: an UPDATE is not one row because a subquery of it fixes a key', () => {
  const body = '  update t set a = f(a) where id in (select id from k where id = 1);';
  const index = indexOf({ 'f.fnc': fn, 'k.sql': keyed, 'q.prc': procedureQ(body) });
  assert.deepEqual(findingsOf(procedureQ(body), 'q.prc', index, 'plsql-function-in-sql'), ['plsql-function-in-sql@4:warning']);
});

test('plsql-function-in-sql: the keys of this document are its text\'s, not the index\'s older copy of it', () => {
  // the index holds the file as it was (k keyed); the text now declares k without a key: f runs per row
  const body = '  insert into t (a) select f(c) from k where id = 1;';
  const before = `${keyed}${procedureQ(body)}`;
  const now = `create table k (id number, c number);\n${procedureQ(body)}`;
  const index = indexOf({ 'f.fnc': fn, 'q.sql': before });
  assert.deepEqual(findingsOf(before, 'q.sql', index, 'plsql-function-in-sql'), []);
  assert.deepEqual(findingsOf(now, 'q.sql', index, 'plsql-function-in-sql'), ['plsql-function-in-sql@5:warning']);
});

test('lob-concatenation-in-loop: a %TYPE column\'s type comes from the CREATE TABLE, also when a key without column types (a unique index) is found first', () => {
  const docs = 'create table docs (id number primary key, code varchar2(10), body clob);\n';
  const build = 'create or replace procedure build_doc as\n  v docs.body%type;\nbegin\n  for r in (select id from docs) loop\n    v := v || to_char(r.id);\n  end loop;\nend;\n/\n';
  for (const ddl of ['create unique index docs_code_uk on docs (code);\n', 'alter table docs add constraint docs_code_uk unique (code);\n']) {
    const text = `${ddl}${build}`;
    const index = indexOf({ 'docs.sql': docs, 'deploy.sql': text });
    assert.deepEqual(findingsOf(text, 'deploy.sql', index, 'lob-concatenation-in-loop'), ['lob-concatenation-in-loop@6:warning'], ddl);
  }
});

const loopWithHandler = (call: string) => `create or replace procedure run as\nbegin\n  for r in (select id from src) loop\n    begin\n      insert into dst values (r.id);\n    exception\n      when others then\n        ${call};\n    end;\n  end loop;\nend;\n/\n`;
const errsSpec = 'create or replace package errs as\n  procedure die;\n  procedure fail_hard;\nend errs;\n/\n';
const errsBody = "create or replace package body errs as\n  procedure die is\n  begin\n    raise_application_error(-20001, 'x');\n  end die;\n  procedure fail_hard is\n  begin\n    die;\n  end fail_hard;\nend errs;\n/\n";

test('exception-handler-in-loop: a handler ending in a call of a package procedure that always raises leaves the loop (spec and body in other files, or the spec in this one)', () => {
  // a control: a handler that stays is reported
  assert.deepEqual(findingsOf(loopWithHandler('null'), 'run.prc', indexOf({})), ['dml-in-loop@5:warning', 'exception-handler-in-loop@7:warning']);
  const other = indexOf({ 'errs.pks': errsSpec, 'errs.pkb': errsBody, 'run.prc': loopWithHandler('errs.fail_hard') });
  assert.deepEqual(findingsOf(loopWithHandler('errs.fail_hard'), 'run.prc', other), ['dml-in-loop@5:warning']);
  // the spec's definition is this document's (no verdict), the body's is the workspace's (raises)
  const here = `${errsSpec}${loopWithHandler('errs.fail_hard')}`;
  const withSpec = indexOf({ 'errs.pkb': errsBody, 'run.sql': here });
  assert.deepEqual(findingsOf(here, 'run.sql', withSpec), ['dml-in-loop@10:warning']);
});

test('exception-handler-in-loop: a handler calling a sibling procedure that always raises through another sibling leaves the loop', () => {
  const text = [
    'create or replace package body errs as',
    '  procedure die is',
    '  begin',
    "    raise_application_error(-20001, 'x');",
    '  end die;',
    '  procedure fail_hard is',
    '  begin',
    '    die;',
    '  end fail_hard;',
    '  procedure run is',
    '  begin',
    '    for r in (select id from src) loop',
    '      begin',
    '        insert into dst values (r.id);',
    '      exception',
    '        when others then',
    '          fail_hard;',
    '      end;',
    '    end loop;',
    '  end run;',
    'end errs;',
    '/',
    '',
  ].join('\n');
  assert.deepEqual(findingsOf(text, 'errs.pkb', indexOf({ 'errs.pkb': text })), ['dml-in-loop@14:warning']);
  const staying = text.replace('    die;\n', '    null;\n');
  assert.deepEqual(findingsOf(staying, 'errs.pkb', indexOf({ 'errs.pkb': staying })), ['dml-in-loop@14:warning', 'exception-handler-in-loop@16:warning']);
});

test('utl-file-small-buffer: a handle passed to this document\'s package (spec and body both here) points at this document\'s body, without a file', () => {
  // the body's member is the second definition of its name in this document (the spec's is the first)
  const text = [
    'create or replace package csv_out as',
    '  procedure write_orders(p_file in utl_file.file_type);',
    'end csv_out;',
    '/',
    'create or replace package body csv_out as',
    '  procedure write_orders(p_file in utl_file.file_type) as',
    '  begin',
    '    for r in (select order_id, amount from orders) loop',
    "      utl_file.put_line(p_file, r.order_id || ';' || r.amount);",
    '    end loop;',
    '  end write_orders;',
    'end csv_out;',
    '/',
    'create or replace procedure nightly_export(p_dir in varchar2) as',
    '  l_file utl_file.file_type;',
    'begin',
    "  l_file := utl_file.fopen(p_dir, 'orders_nightly.csv', 'w');",
    '  csv_out.write_orders(p_file => l_file);',
    '  utl_file.fclose(l_file);',
    'end nightly_export;',
    '/',
    '',
  ].join('\n');
  for (const index of [undefined, indexOf({ 'export.sql': text })]) {
    const found = analyzeText(text, { file: 'export.sql', index }).findings.filter((f) => f.rule === 'utl-file-small-buffer');
    assert.deepEqual(found.map((f) => `${f.line}:${f.severity}`), ['17:warning']);
    assert.deepEqual(found[0]!.related?.map((r) => `${r.file ?? 'this file'} ${r.range.line}`), ['this file 18', 'this file 9']);
  }
});

test('plsql-function-in-sql: INSERT whose query starts with a WITH clause and fixes a key runs the function once (defect found by round 10)', () => {
  // the query of the INSERT was taken from its first SELECT, the WITH clause's, so its own WHERE was never read
  const cases: [string, string[]][] = [
    ['  insert into t (a) with w as (select id from k) select f(c) from k where id = 1;', []],
    ['  insert into t (a) with w as (select id from k) select f(c) from k where c = 1;', ['plsql-function-in-sql@4:warning']],
    ['  insert into t (a) select f(c) from k where id = 1;', []],
  ];
  for (const [body, expected] of cases) {
    const index = indexOf({ 'f.fnc': fn, 'k.sql': keyed, 'q.prc': procedureQ(body) });
    assert.deepEqual(findingsOf(procedureQ(body), 'q.prc', index, 'plsql-function-in-sql'), expected, body);
  }
});

test('a call statement without a call of its own (a bind variable\'s, a TREAT ... AS chain\'s) neither raises nor ends the analysis', () => {
  // `:b;` and `(x as t).m;` are call statements whose calls hold no statement call: callAlwaysRaises answers false
  for (const statement of [':b;', '(l_obj as t_sub).log_error;']) {
    const text = `begin\n  for r in (select id from s) loop\n    ${statement}\n    insert into t values (r.id);\n  end loop;\nend;\n/\n`;
    assert.deepEqual(analyzeText(text, { file: 'b.sql' }).findings.map((f) => `${f.rule}@${f.line}:${f.severity}`), ['dml-in-loop@4:warning'], statement);
  }
});

test('plsql-function-in-sql: an INSERT without a query (VALUES ... LOG ERRORS) is asked whether it reads one row, and the rule still reports the file', () => {
  // the call in the LOG ERRORS tag is not marked once per statement by the parser, so the rule asks singleRowOf of
  // an INSERT that has no SELECT (whether that call runs per row is the parser's question: line 4 is not checked here)
  const body = "  insert into t (a) values (1) log errors into err$_t (f(2)) reject limit unlimited;\n  insert into t (a) select f(c) from m;";
  const index = indexOf({ 'f.fnc': fn, 'q.prc': procedureQ(body) });
  const found = findingsOf(procedureQ(body), 'q.prc', index).filter((f) => !f.endsWith('@4:warning'));
  assert.deepEqual(found, ['plsql-function-in-sql@5:warning']);
});

test('kept items: after an edit of a document in which nothing read the text (comments only), the next edit\'s analysis reads the text where it is (defect found by round 10)', () => {
  // the line starts kept for the next analysis were moved from the last text's with the new text's length as the
  // old one (cache.text was already the new text): every later line start was off, and so was every textIn after it
  const code = 'declare\n  v number;\nbegin\n  select sysdate into v from dual;\nend;\n/\n';
  const texts = ['-- a\n-- b\n', '-- a\n-- inserted\n-- b\n', `-- a\n-- inserted\n${code}-- b\n`];
  const items = new ItemCache();
  const seen = texts.map((text) => analyzeText(text, { file: 'x.sql', items }).findings.map((f) => `${f.rule}@${f.line}:${f.column}-${f.endColumn}:${f.severity}`));
  const fresh = analyzeText(texts[2]!, { file: 'x.sql' }).findings.map((f) => `${f.rule}@${f.line}:${f.column}-${f.endColumn}:${f.severity}`);
  assert.deepEqual(fresh, ['select-from-dual@6:3-9:info']);
  assert.deepEqual(seen, [[], [], fresh]);
});
