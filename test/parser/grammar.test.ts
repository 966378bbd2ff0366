import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { acceptedConstructs } from './grammarConstructs.ts';

const syntaxErrors = (code: string) => analyzeText(code, { unitCache: false }).findings.filter((f) => f.rule === 'syntax-error');

for (const construct of acceptedConstructs) {
  test(`accepts: ${construct.name}`, () => {
    const errors = syntaxErrors(construct.code);
    assert.deepEqual(errors.map((e) => `${e.line}:${e.column} ${e.message}`), []);
    const parsed = analyzeText(construct.code, { unitCache: false }).script;
    assert.ok(parsed.units.some((u) => u.views.length > 0 && u.views[0]!.length > 0), 'a unit model was built');
  });
}

/** Invalid code, where the error must be reported, and what the message must say. */
const rejected: { name: string; code: string; line: number; column: number; message: RegExp }[] = [
  // The statement being typed is the unfinished one: the error is at its last token, not on the END below it.
  { name: 'missing semicolon before END', code: 'begin\n  x := 1\nend;', line: 2, column: 8, message: /';' expected after '1'/ },
  { name: 'CASE statement closed with END only', code: 'begin\n  case x when 1 then null;\n  end;\nend;', line: 3, column: 6, message: /expected 'CASE'/ },
  { name: 'parameter mode OUT IN', code: 'create package p is\n  procedure q(a out in number);\nend;', line: 2, column: 21, message: /unexpected 'in'|syntax error at 'in'/ },
  { name: 'DDL inside a block', code: 'begin\n  grant all on t to u;\nend;', line: 2, column: 9, message: /syntax error/ },
  { name: 'unterminated string', code: "begin\n  x := 'abc;\nend;", line: 2, column: 8, message: /string that is never closed/ },
  { name: 'unterminated comment', code: 'begin\n  x := 1; /* oops\nend;', line: 2, column: 11, message: /comment that is never closed/ },
  { name: 'ELSE IF instead of ELSIF leaves IF unclosed', code: 'begin\n  if a then null;\n  else if b then null;\n  end if;\nend;', line: 5, column: 4, message: /expected 'IF'|syntax error/ },
  { name: 'stray character', code: 'begin\n  x := 1 # 2;\nend;', line: 2, column: 10, message: /unexpected '#'|syntax error at '#'|';' expected before '#'/ },
  { name: 'BEGIN with no statement', code: 'begin\nend;', line: 2, column: 1, message: /syntax error/ },
  // A SQL statement ends its segment: the word after a misspelt FROM is an error, not the start of another item.
  { name: 'misspelt FROM in a query', code: 'select sysdate\n  form dual;', line: 2, column: 8, message: /syntax error/ },
  { name: 'conditional compilation without $END', code: 'begin\n  $if $$x $then null;\nend;', line: 2, column: 3, message: /'\$IF' without '\$END'/i },
];

for (const r of rejected) {
  test(`rejects: ${r.name}`, () => {
    const errors = syntaxErrors(r.code);
    assert.ok(errors.length > 0, 'a syntax error is reported');
    const first = errors[0]!;
    assert.equal(`${first.line}:${first.column}`, `${r.line}:${r.column}`, `position of: ${first.message}`);
    assert.match(first.message, r.message);
    assert.ok(first.endLine > first.line || first.endColumn > first.column, 'the range is not empty');
    assert.doesNotMatch(first.message, /mismatched input|no viable alternative|extraneous input/, 'ANTLR jargon is translated');
  });
}

test('a wrapped unit is recognised, skipped with a note, and the units around it are still parsed', () => {
  const script = `create or replace package body secret wrapped
a000000
b2
abcd
9 1234 5678
/
create or replace procedure visible is begin notify; end;
/`;
  const result = analyzeText(script, { unitCache: false });
  assert.deepEqual(result.findings.map((f) => [f.rule, f.severity, f.line]), [['wrapped-unit', 'info', 1]]);
  assert.match(result.findings[0]!.message, /wrapped .*SECRET.* not analysed/i);
  const visible = result.script.units.find((u) => !u.wrapped)!;
  assert.equal(visible.views[0]![0]!.name, 'VISIBLE');
});
