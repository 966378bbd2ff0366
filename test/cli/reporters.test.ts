import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckReport } from '../../server/src/cli/model.ts';
import { renderJson } from '../../server/src/cli/reporters/json.ts';
import { escapeMarkdown, renderMarkdown } from '../../server/src/cli/reporters/markdown.ts';
import { pathToUri, renderSarif } from '../../server/src/cli/reporters/sarif.ts';
import { renderText } from '../../server/src/cli/reporters/text.ts';
import { checkSarif } from './sarifCheck.ts';

const report: CheckReport = {
  files: 2,
  lines: 120,
  parseMs: 3.5,
  findings: [
    { file: 'a dir/x_y.sql', line: 4, column: 14, endLine: 4, endColumn: 15, rule: 'syntax-error', severity: 'error', message: "mismatched input ';' expecting {<EOF>, 'BEGIN'}" },
    { file: 'a dir/x_y.sql', line: 9, column: 1, endLine: 9, endColumn: 7, rule: 'wrapped-unit', severity: 'info', message: 'wrapped\ncode' },
    { file: 'b.pkb', line: 2, column: 3, endLine: 3, endColumn: 1, rule: 'some-rule', severity: 'warning', message: 'use *bulk* | collect' },
  ],
  errors: [{ file: 'missing.sql', message: 'no such file or directory' }],
};

test('text reporter: one line per finding and error, then the summary', () => {
  assert.equal(
    renderText(report, { failOn: 'warning', quiet: false }),
    [
      "a dir/x_y.sql:4:14: error syntax-error mismatched input ';' expecting {<EOF>, 'BEGIN'}",
      'a dir/x_y.sql:9:1: info wrapped-unit wrapped code',
      'b.pkb:2:3: warning some-rule use *bulk* | collect',
      'missing.sql: error: no such file or directory',
      '2 files checked, 120 lines: 3 findings (1 error, 1 warning, 1 info), 1 file not checked; parse 3.5 ms',
      '',
    ].join('\n'),
  );
  assert.doesNotMatch(renderText(report, { failOn: 'warning', quiet: true }), /files checked/);
});

test('json reporter: exact shape and key order', () => {
  const json = JSON.parse(renderJson(report)) as Record<string, unknown>;
  assert.deepEqual(Object.keys(json), ['version', 'files', 'findings', 'stats', 'errors']);
  assert.deepEqual(json, {
    version: 1,
    files: 2,
    findings: report.findings.map((f) => ({ ...f })),
    stats: { files: 2, lines: 120, parseMs: 3.5 },
    errors: [{ file: 'missing.sql', message: 'no such file or directory' }],
  });
  const first = (json.findings as Record<string, unknown>[])[0]!;
  assert.deepEqual(Object.keys(first), ['file', 'line', 'column', 'endLine', 'endColumn', 'rule', 'severity', 'message']);
});

test('sarif reporter: passes the strict SARIF 2.1.0 structure check; levels, rules and regions', () => {
  const sarif = JSON.parse(renderSarif(report, '9.9.9')) as any;
  assert.deepEqual(checkSarif(sarif), []);
  const run = sarif.runs[0];
  assert.equal(run.tool.driver.name, 'plsql-perf');
  assert.equal(run.tool.driver.version, '9.9.9');
  assert.deepEqual(run.tool.driver.rules.map((r: { id: string }) => r.id), ['some-rule', 'syntax-error', 'wrapped-unit']);
  assert.deepEqual(run.results.map((r: { level: string }) => r.level), ['error', 'note', 'warning']);
  assert.equal(run.results[0].locations[0].physicalLocation.artifactLocation.uri, 'a%20dir/x_y.sql');
  assert.deepEqual(run.results[0].locations[0].physicalLocation.region, { startLine: 4, startColumn: 14, endLine: 4, endColumn: 15 });
  for (const r of run.results) assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
  assert.equal(run.invocations[0].executionSuccessful, false);
  assert.equal(pathToUri('../a#b/c d.sql'), '../a%23b/c%20d.sql');
});

test('sarif structure check rejects malformed logs', () => {
  assert.notDeepEqual(checkSarif({ version: '2.1.0', runs: [{}] }), []);
  assert.notDeepEqual(checkSarif({ version: '2.0.0', runs: [] }), []);
  const sarif = JSON.parse(renderSarif(report, '1')) as any;
  sarif.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
  assert.notDeepEqual(checkSarif(sarif), []);
  const sarif2 = JSON.parse(renderSarif(report, '1')) as any;
  sarif2.runs[0].results[0].level = 'info';
  assert.notDeepEqual(checkSarif(sarif2), []);
});

test('markdown reporter: summary table by rule and checklist grouped by file', () => {
  const md = renderMarkdown(report);
  const lines = md.split('\n');
  assert.equal(lines[0], '# plsql-perf review checklist');
  for (const row of ['| some-rule | warning | 1 |', '| syntax-error | error | 1 |', '| wrapped-unit | info | 1 |', '| **total** | | 3 |']) {
    assert.ok(lines.includes(row), row);
  }
  const a = lines.indexOf('## a dir/x_y.sql');
  const b = lines.indexOf('## b.pkb');
  assert.ok(a > 0 && b > a);
  assert.equal(lines[a + 2], "- [ ] a dir/x_y.sql:4 — syntax-error: mismatched input ';' expecting {\\<EOF\\>, 'BEGIN'}");
  assert.equal(lines[a + 3], '- [ ] a dir/x_y.sql:9 — wrapped-unit: wrapped code');
  assert.equal(lines[b + 2], '- [ ] b.pkb:2 — some-rule: use \\*bulk\\* \\| collect');
  assert.ok(lines.includes('## Files not checked'));
  assert.ok(lines.includes('- missing.sql: no such file or directory'));
  assert.equal(escapeMarkdown('_x_ a_b'), '\\_x\\_ a_b');
});

test('markdown reporter: no findings', () => {
  assert.match(renderMarkdown({ files: 1, lines: 3, parseMs: 0, findings: [], errors: [] }), /\nNo findings\.\n/);
});
