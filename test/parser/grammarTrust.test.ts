import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { trustConstructs } from './grammarConstructsTrust.ts';

// The parser gaps of issue 14, item 14 (grammarConstructsTrust.ts), in the harness of grammarModern.test.ts.
const syntaxErrors = (code: string) => analyzeText(code, { unitCache: false }).findings.filter((f) => f.rule === 'syntax-error');

for (const group of trustConstructs) {
  for (const construct of group.accepted) {
    test(`${group.bullet}: accepts ${construct.name}`, () => {
      assert.deepEqual(syntaxErrors(construct.code).map((e) => `${e.line}:${e.column} ${e.message}`), []);
    });
  }
  const r = group.rejected;
  test(`${group.bullet}: rejects ${r.name}`, () => {
    const errors = syntaxErrors(r.code);
    assert.ok(errors.length > 0, 'a syntax error is reported');
    const first = errors[0]!;
    assert.equal(`${first.line}:${first.column}`, `${r.line}:${r.column}`, `position of: ${first.message}`);
    assert.match(first.message, r.message);
    assert.doesNotMatch(first.message, /mismatched input|no viable alternative|extraneous input/, 'ANTLR jargon is translated');
  });
}
