/** The review checklist the extension exports: one task per finding, grouped by file, Markdown-escaped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewChecklist } from '../../extension/src/reviewChecklist.ts';
import type { CheckWorkspaceResult } from '../../server/src/lsp/protocol.ts';

const range = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 5 } });

test('review checklist: files sorted, one task per finding with its link, rule, severity and fix', () => {
  const result: CheckWorkspaceResult = {
    version: 1, filesChecked: 5, ms: 12,
    files: [
      { uri: 'file:///ws/src/z_pkg.pkb', findings: [{ rule: 'commit-in-loop', severity: 'warning', message: 'COMMIT inside a loop of about 1,000 iterations', range: range(9) }] },
      { uri: 'file:///ws/src/a b.sql', findings: [
        { rule: 'plan-statistics-in-code', severity: 'warning', message: 'The gather_plan_statistics hint <turns> on *stats*', range: range(0), fix: 'Remove the gather_plan_statistics hint' },
      ] },
    ],
  };
  const text = reviewChecklist(result, (uri) => uri.replace('file:///ws/', ''), new Date('2026-11-24T00:00:00Z'));
  assert.equal(text, [
    '# PL/SQL performance review',
    '',
    '2 findings in 2 of 5 files checked by plsql-perf on 2026-11-24.',
    '',
    '## src/a b.sql',
    '',
    '- [ ] [src/a b.sql:1](src/a%20b.sql#L1) **plan-statistics-in-code** (warning): The gather\\_plan\\_statistics hint \\<turns\\> on \\*stats\\*. ' +
      'Fix: Remove the gather\\_plan\\_statistics hint',
    '',
    '## src/z\\_pkg.pkb',
    '',
    '- [ ] [src/z\\_pkg.pkb:10](src/z_pkg.pkb#L10) **commit-in-loop** (warning): COMMIT inside a loop of about 1,000 iterations',
    '',
  ].join('\n'));
});

test('review checklist: a clean workspace says so', () => {
  const text = reviewChecklist({ version: 1, filesChecked: 3, ms: 1, files: [] }, (u) => u, new Date('2026-11-24T00:00:00Z'));
  assert.match(text, /0 findings in 0 of 3 files checked/);
  assert.match(text, /Nothing to review\.\n$/);
});
