import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applySuppressions, findDirectives, parseDirective } from '../../server/src/analysis/suppressions.ts';
import type { Finding } from '../../server/src/syntax/finding.ts';

/** One finding of `rule` on each listed line. */
function findingsOn(rule: string, ...lines: number[]): Finding[] {
  return lines.map((line) => ({ line, column: 3, endLine: line, endColumn: 9, rule, severity: 'warning', message: `${rule} at ${line}` }));
}
const kept = (text: string, findings: Finding[]) => applySuppressions(text, findings).map((f) => `${f.rule}@${f.line}`);

test('suppressions: parseDirective reads kind, rules (commas or blanks) and the reason', () => {
  assert.deepEqual(parseDirective(' plsql-perf-disable-next-line dml-in-loop, commit-in-loop -- one row per run'), {
    kind: 'disable-next-line', rules: ['dml-in-loop', 'commit-in-loop'], reason: 'one row per run',
  });
  assert.deepEqual(parseDirective('plsql-perf-disable DML-IN-LOOP commit-in-loop'), { kind: 'disable', rules: ['dml-in-loop', 'commit-in-loop'], reason: undefined });
  assert.deepEqual(parseDirective(' plsql-perf-enable'), { kind: 'enable', rules: [], reason: undefined });
  assert.equal(parseDirective(' plsql-perf-disable -- no rule named'), undefined);
  assert.equal(parseDirective(' plsql-perf-disabled dml-in-loop'), undefined);
  assert.equal(parseDirective(' see plsql-perf-disable dml-in-loop'), undefined, 'the directive must open the comment');
});

test('suppressions: disable-next-line drops only the named rules on the next line', () => {
  const text = [
    'begin',
    '  for i in 1..10 loop',
    '    -- plsql-perf-disable-next-line dml-in-loop -- staging table, 10 rows',
    '    insert into t values (i);',
    '    insert into t values (i);',
    '  end loop;',
    'end;',
  ].join('\n');
  const findings = [...findingsOn('dml-in-loop', 4, 5), ...findingsOn('commit-in-loop', 4)];
  assert.deepEqual(kept(text, findings), ['dml-in-loop@5', 'commit-in-loop@4']);
});

test('suppressions: disable ... enable covers the lines between; without enable, to the end', () => {
  const text = [
    'l1',
    '-- plsql-perf-disable select-into-in-loop, dml-in-loop',
    'l3',
    '-- plsql-perf-enable select-into-in-loop',
    'l5',
    '/* plsql-perf-disable commit-in-loop */ l6',
    'l7',
  ].join('\n');
  const findings = [
    ...findingsOn('select-into-in-loop', 1, 3, 5),
    ...findingsOn('dml-in-loop', 1, 3, 7),
    ...findingsOn('commit-in-loop', 5, 6, 7),
  ];
  assert.deepEqual(kept(text, findings), ['select-into-in-loop@1', 'select-into-in-loop@5', 'dml-in-loop@1', 'commit-in-loop@5']);
});

test('suppressions: `all`, a bare enable, and syntax errors that are never suppressed', () => {
  const text = ['-- plsql-perf-disable all -- legacy file', 'x', '-- plsql-perf-enable', 'y'].join('\n');
  const findings = [...findingsOn('dml-in-loop', 2, 4), ...findingsOn('syntax-error', 2), ...findingsOn('commit-in-loop', 2)];
  assert.deepEqual(kept(text, findings), ['dml-in-loop@4', 'syntax-error@2']);
});

test('suppressions: a block comment over several lines suppresses the line after its end', () => {
  const text = ['/* plsql-perf-disable-next-line row-by-row-fetch', '   -- one row expected */', 'fetch c into r;', 'fetch c into r;'].join('\n');
  assert.deepEqual(findDirectives(text).map((d) => [d.kind, d.line, d.endLine, d.reason]), [['disable-next-line', 1, 2, 'one row expected']]);
  assert.deepEqual(kept(text, findingsOn('row-by-row-fetch', 3, 4)), ['row-by-row-fetch@4']);
});

test('suppressions: directives inside strings, q-quotes and quoted identifiers are not comments', () => {
  const text = [
    "l_sql := 'select 1 -- plsql-perf-disable-next-line dml-in-loop';",
    'insert into t values (1);',
    "l_sql := q'[ /* plsql-perf-disable dml-in-loop */ ]';",
    'insert into t values (2);',
    'select "-- plsql-perf-disable dml-in-loop" from dual;',
    'insert into t values (3);',
    "l_sql := nq'{ -- plsql-perf-disable-next-line dml-in-loop }';",
    'insert into t values (4);',
    "l_sql := 'it''s -- plsql-perf-disable-next-line dml-in-loop';",
    'insert into t values (5);',
  ].join('\n');
  assert.deepEqual(findDirectives(text), []);
  assert.deepEqual(kept(text, findingsOn('dml-in-loop', 2, 4, 6, 8, 10)), ['dml-in-loop@2', 'dml-in-loop@4', 'dml-in-loop@6', 'dml-in-loop@8', 'dml-in-loop@10']);
});

test('suppressions: CRLF and CR-only line ends count lines the same way', () => {
  for (const eol of ['\r\n', '\r']) {
    const text = ['a', '-- plsql-perf-disable-next-line dml-in-loop', 'b', 'c'].join(eol);
    assert.deepEqual(kept(text, findingsOn('dml-in-loop', 3, 4)), ['dml-in-loop@4'], JSON.stringify(eol));
  }
});

test('suppressions: text without directives returns the same array', () => {
  const findings = findingsOn('dml-in-loop', 1);
  assert.equal(applySuppressions('begin null; end;', findings), findings);
});

test('suppressions: an apostrophe in a REM or PROMPT line of a script starts no string (the directive after it counts)', () => {
  const text = [
    "REM it's a script run by hand",
    "prompt Don't wait",
    "rema rk's abbreviation",
    '-- plsql-perf-disable-next-line plan-statistics-in-code -- reviewed: a tuning script',
    'select /*+ gather_plan_statistics */ count(*) from emp;',
  ].join('\n');
  assert.deepEqual(findDirectives(text).map((d) => [d.kind, d.line, d.rules]), [['disable-next-line', 4, ['plan-statistics-in-code']]]);
  // a PL/SQL variable named prompt is code: its string is still a string
  const code = "begin\n  prompt := '-- plsql-perf-disable-next-line dml-in-loop -- x';\nend;";
  assert.deepEqual(findDirectives(code), []);
});

test('suppressions: a reason marker at the end of the comment is no rule; an unclosed block comment keeps its last rule whole', () => {
  assert.deepEqual(parseDirective(' plsql-perf-disable dml-in-loop --'), { kind: 'disable', rules: ['dml-in-loop'], reason: undefined });
  assert.deepEqual(findDirectives('begin null; end;\n/* plsql-perf-disable dml-in-loop').map((d) => d.rules), [['dml-in-loop']]);
  // a comment that mentions a directive without being one is not a directive
  assert.deepEqual(findDirectives('-- see plsql-perf-disable-next-line in the README\nnull;'), []);
});

test('suppressions: disable-next-line suppresses the next line only, not its own line or the line before', () => {
  const text = [
    'insert into t values (1);',
    'insert into t values (2); -- plsql-perf-disable-next-line dml-in-loop',
    'insert into t values (3);',
  ].join('\n');
  assert.deepEqual(kept(text, findingsOn('dml-in-loop', 1, 2, 3)), ['dml-in-loop@1', 'dml-in-loop@2']);
});

test('suppressions: a second disable of an open rule does not move its start; enable closes from the first', () => {
  const text = ['-- plsql-perf-disable dml-in-loop', 'a', 'b', '-- plsql-perf-disable dml-in-loop, commit-in-loop', 'c', '-- plsql-perf-enable all', 'd'].join('\n');
  assert.deepEqual(kept(text, [...findingsOn('dml-in-loop', 2, 5, 7), ...findingsOn('commit-in-loop', 3, 5, 7)]), ['dml-in-loop@7', 'commit-in-loop@3', 'commit-in-loop@7']);
});

test('suppressions: after a SQL*Plus slash line or a division, the directive on the next line counts', () => {
  const text = [
    'create or replace procedure p as begin x := a / b; end;',
    '/',
    '-- plsql-perf-disable-next-line dml-in-loop',
    'insert into t values (1);',
  ].join('\n');
  assert.deepEqual(findDirectives(text).map((d) => d.line), [3]);
  // a minus before a string: the string is text, not a comment
  assert.deepEqual(findDirectives("x := y -' plsql-perf-disable-next-line dml-in-loop, x';"), []);
  // a directive after code on the same line
  assert.deepEqual(findDirectives('x := 1; -- plsql-perf-disable-next-line dml-in-loop').map((d) => d.line), [1]);
});

test('suppressions: q-quoted and N-quoted strings hide what looks like a comment, also with an apostrophe inside', () => {
  const text = [
    "l_sql := q'[it's -- plsql-perf-disable-next-line dml-in-loop]';",
    "l_sql := Q'{/* plsql-perf-disable dml-in-loop */ it's}';",
    "l_name := N'-- plsql-perf-disable dml-in-loop';",
    "l_name := n'it''s -- plsql-perf-disable dml-in-loop';",
    "if l_nvl = nvl(x, '-- plsql-perf-disable dml-in-loop') then null; end if;",
    'insert into t values (1);',
  ].join('\n');
  assert.deepEqual(findDirectives(text), []);
});

test('suppressions: REM and PROMPT only at the start of a line (after blanks or tabs, any line end) are SQL*Plus text', () => {
  for (const eol of ['\n', '\r\n', '\r']) {
    for (const command of ["REM it's done", "  rem it's done", "\tPROMPT Don't stop", 'PRO it\'s', 'remark it\'s']) {
      const text = ['select 1 from dual;', command, '-- plsql-perf-disable-next-line dml-in-loop', 'insert into t values (1);'].join(eol);
      assert.deepEqual(findDirectives(text).map((d) => d.line), [3], `${JSON.stringify(command)} ${JSON.stringify(eol)}`);
    }
  }
  // not at the start of its line: `rem` and `prompt` are names, and their apostrophe opens a string
  for (const line of ["select 1 rem, 'it", "; rem it's", "x prompt 'a"]) {
    const text = [line, '-- plsql-perf-disable-next-line dml-in-loop', "' from dual;"].join('\n');
    assert.deepEqual(findDirectives(text), [], line);
  }
});
