/**
 * The review checklist the extension exports is the CLI's (`check --format markdown`): the same renderer, so
 * the same summary table, code line and "what to do"; the editor's only addition is a link from each line to
 * the file. No double period where the message ends with one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReportOf, reviewChecklist } from '../../extension/src/reviewChecklist.ts';
import { renderMarkdown } from '../../server/src/cli/reporters/markdown.ts';
import type { CheckWorkspaceResult } from '../../server/src/lsp/protocol.ts';

const range = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 5 } });

const result: CheckWorkspaceResult = {
  version: 1, filesChecked: 5, ms: 12, lines: 120,
  files: [
    { uri: 'file:///ws/src/z_pkg.pkb', findings: [{
      rule: 'commit-in-loop', severity: 'warning', message: 'COMMIT inside a loop of about 1,000 iterations: each commit waits for the redo write.',
      range: range(9), code: '    commit;', loop: 'inside a loop of about 1,000 iterations', loopLine: 7,
    }] },
    { uri: 'file:///ws/src/a b.sql', findings: [{
      rule: 'plan-statistics-in-code', severity: 'warning', message: 'The gather_plan_statistics hint <turns> on *stats*: it makes every row source time itself.',
      range: range(0), code: 'select /*+ gather_plan_statistics */ 1 from dual;', fix: 'Remove the gather_plan_statistics hint', fixKind: 'safe',
    }] },
  ],
  errors: [{ uri: 'file:///ws/src/bad.sql', message: 'cannot read' }],
};
const shown = (uri: string) => uri.replace('file:///ws/', '');
const paths = { shown, linked: (uri: string) => `../${shown(uri)}` };
const ruleLink = (rule: string) => `https://docs.example.org/rules/${rule}.md`;

test('the editor\'s checklist is the CLI\'s markdown report, with each line linked to its file', () => {
  const text = reviewChecklist(result, paths, ruleLink);
  const cli = renderMarkdown(checkReportOf(result, shown), undefined, { ruleLink });
  // the same document but for the links on the lines
  assert.equal(text.replace(/\[line (\d+)\]\([^)]*\)/g, 'line $1'), cli);
  assert.ok(text.startsWith('# plsql-perf review checklist\n\n5 files checked, 120 lines: 2 findings (0 errors, 2 warnings, 0 info).\n'), text);
  assert.ok(text.includes('| rule | error | warning | info | total |'), 'the summary table');
  assert.ok(text.includes('| commit-in-loop | 0 | 1 | 0 | 1 |'));
  assert.ok(text.includes('- [ ] **warning** commit-in-loop at [line 10](../src/z_pkg.pkb#L10): COMMIT inside a loop of about 1,000 iterations: each commit waits for the redo write.\n'));
  assert.ok(text.includes('  - code: `commit;`\n'), 'the code line');
  assert.ok(text.includes('  - loop: inside a loop of about 1,000 iterations (line 7)\n'));
  assert.ok(text.includes('- [ ] **warning** plan-statistics-in-code at [line 1](../src/a%20b.sql#L1): The gather_plan_statistics hint \\<turns\\> on \\*stats\\*: it makes every row source time itself.\n'));
  assert.ok(text.includes('  - what to do: Remove the gather_plan_statistics hint (safe fix available). Remove the hint'), 'what to do');
  assert.ok(text.includes('See [docs/rules/plan-statistics-in-code.md](https://docs.example.org/rules/plan-statistics-in-code.md).'));
  assert.ok(text.includes('## Files not checked\n\n- src/bad.sql: cannot read'));
  assert.doesNotMatch(text, /\.\.(?!\/)/, 'no double period (only ../ in the links)');
});

test('a clean workspace says so', () => {
  const text = reviewChecklist({ version: 1, filesChecked: 3, ms: 1, lines: 30, files: [] }, paths, ruleLink);
  assert.match(text, /3 files checked, 30 lines: 0 findings/);
  assert.match(text, /No findings\.\n$/);
});
