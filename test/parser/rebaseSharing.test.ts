/**
 * A unit taken from the parser's unit cache at another position (lines were added above it) is walked exactly
 * like a fresh parse: the rebased model keeps the nodes the model shares (a standalone subprogram's body is
 * its unit's body), so no statement is visited twice and no rule runs twice over the same code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';

function statements(text: string): string[] {
  const seen: string[] = [];
  const recorder: Rule = {
    meta: { id: 'test-recorder', defaultSeverity: 'info', status: 'preview', summary: '', remedy: '', fixKind: 'none', docPath: '' },
    create: () => ({ statement: (s) => void seen.push(`${s.statementKind}@${s.range.line}`) }),
  };
  analyzeText(text, { extraRules: [recorder], unitCache: true });
  return seen;
}

test('a cached standalone procedure moved down by a line is walked once, at its new lines', () => {
  const body = 'create or replace procedure p as\n  l number;\nbegin\n  l := 1;\n  commit;\nend p;\n/\n';
  assert.deepEqual(statements(`-- rebase sharing test\n${body}`), ['assignment@5', 'sql@6']);
  // the same unit one line lower: a cache hit, rebased
  assert.deepEqual(statements(`-- rebase sharing test\n-- one more line\n${body}`), ['assignment@6', 'sql@7']);
});
