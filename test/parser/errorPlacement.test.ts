/**
 * Where a syntax error lands while a statement is being typed: at the end of the unfinished statement (its last
 * token), not on the statement below it, which is fine and was only read as the unfinished one's continuation.
 * Errors whose token is itself the mistake stay on that token.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';

const syntaxErrors = (code: string) => analyzeText(code, { unitCache: false }).findings
  .filter((f) => f.rule === 'syntax-error')
  .map((f) => `${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.message}`);

test('an UPDATE typed up to its table name: the error is on the table name, not on the IF below', () => {
  assert.deepEqual(syntaxErrors('begin\n  update orders\n  if a then null; end if;\nend;'),
    ["2:10-2:16 syntax error: the statement is not finished after 'orders': expected 'SET'"]);
});

test("a statement without its ';' before the next one: the error is at the end of the statement", () => {
  assert.deepEqual(syntaxErrors('BEGIN\n  UPDATE orders SET amount = amount * 2 WHERE id = 1\n  COMMIT;\nEND;\n/\n'),
    ["2:52-2:53 syntax error: ';' expected after '1'"]);
});

test('a query typed up to FROM, inside a package body item', () => {
  const body = 'create or replace package body p as\n  procedure a is\n  begin\n    select * from\n    null;\n  end;\nend;\n/\n';
  assert.deepEqual(syntaxErrors(body), ["4:14-4:18 syntax error: the statement is not finished after 'from': expected a name"]);
});

test('an error on the same line stays on its token', () => {
  assert.match(syntaxErrors('begin\n  x := 1 # 2;\nend;')[0]!, /^2:10-2:11 /);
});

test('after BEGIN, THEN or a complete statement the next line is where the mistake is', () => {
  assert.match(syntaxErrors('begin\nend;')[0]!, /^2:1-/);
  assert.match(syntaxErrors('begin\n  null;\n  ) ;\nend;')[0]!, /^3:3-/);
  assert.match(syntaxErrors('begin\n  if a then\n  end if;\nend;')[0]!, /^3:3-/);
});
