import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckReport } from '../../server/src/cli/model.ts';
import { renderJson } from '../../server/src/cli/reporters/json.ts';
import { codeSpan, escapeMarkdown, renderMarkdown } from '../../server/src/cli/reporters/markdown.ts';
import { renderSonarQube, renderSonarQubeLegacy } from '../../server/src/cli/reporters/sonarqube.ts';
import { KNOWN_RULE_IDS, ruleInfo } from '../../server/src/cli/ruleInfo.ts';
import { pathToUri, renderSarif } from '../../server/src/cli/reporters/sarif.ts';
import { renderText } from '../../server/src/cli/reporters/text.ts';
import { checkSarif } from './sarifCheck.ts';

const report: CheckReport = {
  files: 2,
  lines: 120,
  parseMs: 3.5,
  analysisMs: 1.5,
  indexMs: 0.5,
  findings: [
    { file: 'a dir/x_y.sql', line: 4, column: 14, endLine: 4, endColumn: 15, rule: 'syntax-error', severity: 'error', message: "mismatched input ';' expecting {<EOF>, 'BEGIN'}", code: '  l_count := ;' },
    { file: 'a dir/x_y.sql', line: 9, column: 1, endLine: 9, endColumn: 7, rule: 'wrapped-unit', severity: 'info', message: 'wrapped\ncode' },
    { file: 'b.pkb', line: 2, column: 3, endLine: 3, endColumn: 1, rule: 'some-rule', severity: 'warning', message: 'use *bulk* | collect', code: '  fetch c into `r`;', loop: { text: 'inside a loop of about 1,000 iterations', iterations: 1000, line: 1 } },
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
      '2 files checked, 120 lines: 3 findings (1 error, 1 warning, 1 info), 1 file not checked; parse 3.5 ms, index 0.5 ms, analysis 1.5 ms',
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
    // The code line is not part of the JSON format; the loop estimate is (optional, only when set).
    findings: report.findings.map(({ code: _code, ...f }) => f),
    stats: { files: 2, lines: 120, parseMs: 3.5, analysisMs: 1.5, indexMs: 0.5 },
    errors: [{ file: 'missing.sql', message: 'no such file or directory' }],
  });
  const first = (json.findings as Record<string, unknown>[])[0]!;
  assert.deepEqual(Object.keys(first), ['file', 'line', 'column', 'endLine', 'endColumn', 'rule', 'severity', 'message']);
});

test('sarif reporter: validates against the official SARIF 2.1.0 schema; levels, rules, help, regions, snippets', () => {
  const sarif = JSON.parse(renderSarif(report, { version: '9.9.9', docsBaseUrl: 'https://example.org/plsql-perf/blob/main/' })) as any;
  assert.deepEqual(checkSarif(sarif), []);
  const run = sarif.runs[0];
  assert.equal(run.tool.driver.name, 'plsql-perf');
  assert.equal(run.tool.driver.version, '9.9.9');
  const ids = run.tool.driver.rules.map((r: { id: string }) => r.id);
  for (const id of KNOWN_RULE_IDS) assert.ok(ids.includes(id), id);
  assert.ok(ids.includes('some-rule'), 'a rule id only a finding names is listed too');
  const dml = run.tool.driver.rules.find((r: any) => r.id === 'dml-in-loop');
  assert.equal(dml.helpUri, 'https://example.org/plsql-perf/blob/main/docs/rules/dml-in-loop.md');
  assert.match(dml.help.markdown, /\[docs\/rules\/dml-in-loop\.md\]\(docs\/rules\/dml-in-loop\.md\)/);
  assert.equal(dml.defaultConfiguration.level, 'warning');
  assert.ok(dml.shortDescription.text.length > 10);
  assert.deepEqual(run.results.map((r: { level: string }) => r.level), ['error', 'note', 'warning']);
  assert.equal(run.results[0].locations[0].physicalLocation.artifactLocation.uri, 'a%20dir/x_y.sql');
  assert.deepEqual(run.results[0].locations[0].physicalLocation.region, {
    startLine: 4, startColumn: 14, endLine: 4, endColumn: 15, snippet: { text: '  l_count := ;' },
  });
  assert.deepEqual(run.results[2].properties.loop, { text: 'inside a loop of about 1,000 iterations', iterations: 1000, line: 1 });
  for (const r of run.results) assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
  assert.equal(run.invocations[0].executionSuccessful, false);
  assert.equal(pathToUri('../a#b/c d.sql'), '../a%23b/c%20d.sql');
  assert.equal(pathToUri('/abs/c d.sql'), 'file:///abs/c%20d.sql');
  // Without a docs base there is no helpUri (it must be absolute); the help text still names the page.
  const plain = JSON.parse(renderSarif(report, '1')) as any;
  assert.deepEqual(checkSarif(plain), []);
  assert.equal(plain.runs[0].tool.driver.rules[0].helpUri, undefined);
});

test('sarif reporter: related locations and fixes validate too', () => {
  const withExtras: CheckReport = {
    ...report,
    findings: [{
      ...report.findings[2]!,
      related: [{ file: 'lib/by2.sql', range: { line: 1, column: 10, endLine: 1, endColumn: 13 }, message: 'by2 is defined here' }, { range: { line: 1, column: 1, endLine: 1, endColumn: 5 }, message: 'the loop' }],
      fix: { kind: 'suggestion', title: 'Add LIMIT 1000', edits: [{ range: { line: 2, column: 20, endLine: 2, endColumn: 20 }, newText: ' limit 1000' }] },
    }],
  };
  const sarif = JSON.parse(renderSarif(withExtras, '1')) as any;
  assert.deepEqual(checkSarif(sarif), []);
  const result = sarif.runs[0].results[0];
  assert.deepEqual(result.relatedLocations.map((l: any) => l.physicalLocation.artifactLocation.uri), ['lib/by2.sql', 'b.pkb']);
  assert.equal(result.fixes[0].artifactChanges[0].replacements[0].insertedContent.text, ' limit 1000');
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

test('markdown reporter: summary table by rule and severity, then a checklist per file with code, loop and what to do', () => {
  const md = renderMarkdown(report);
  const lines = md.split('\n');
  assert.equal(lines[0], '# plsql-perf review checklist');
  for (const row of [
    '| rule | error | warning | info | total |',
    '| some-rule | 0 | 1 | 0 | 1 |',
    '| syntax-error | 1 | 0 | 0 | 1 |',
    '| wrapped-unit | 0 | 0 | 1 | 1 |',
    '| **total** | 1 | 1 | 1 | 3 |',
  ]) {
    assert.ok(lines.includes(row), row);
  }
  const a = lines.indexOf('## a dir/x_y.sql');
  const b = lines.indexOf('## b.pkb');
  assert.ok(a > 0 && b > a, md);
  assert.deepEqual(lines.slice(a + 2, a + 7), [
    "- [ ] **error** syntax-error at line 4: mismatched input ';' expecting {\\<EOF\\>, 'BEGIN'}",
    '  - code: `l_count := ;`',
    `  - what to do: ${escapeMarkdown(ruleInfo('syntax-error').remedy)} See [docs/rules/syntax-error.md](docs/rules/syntax-error.md).`,
    '- [ ] **info** wrapped-unit at line 9: wrapped code',
    `  - what to do: ${escapeMarkdown(ruleInfo('wrapped-unit').remedy)} See [docs/rules/wrapped-unit.md](docs/rules/wrapped-unit.md).`,
  ]);
  assert.deepEqual(lines.slice(b + 2, b + 6), [
    '- [ ] **warning** some-rule at line 2: use \\*bulk\\* \\| collect',
    '  - code: ``fetch c into `r`;``',
    '  - loop: inside a loop of about 1,000 iterations (line 1)',
    "  - what to do: See the rule's page. See [docs/rules/some-rule.md](docs/rules/some-rule.md).",
  ]);
  assert.ok(lines.includes('## Files not checked'));
  assert.ok(lines.includes('- missing.sql: no such file or directory'));
  assert.equal(escapeMarkdown('_x_ a_b'), '\\_x\\_ a_b');
  assert.equal(codeSpan('`x`'), '`` `x` ``');
  assert.ok(renderMarkdown(report, 'https://example.org/p/blob/main/').includes('See [docs/rules/syntax-error.md](https://example.org/p/blob/main/docs/rules/syntax-error.md).'));
});

test('text, markdown and sonarqube escape control characters; JSON and SARIF carry none raw', () => {
  const nasty: CheckReport = {
    files: 1, lines: 1, parseMs: 0, analysisMs: 0, indexMs: 0, errors: [],
    findings: [{
      file: 'bin\x1b[31m.sql', line: 1, column: 1, endLine: 1, endColumn: 2, rule: 'syntax-error', severity: 'error',
      message: "unexpected '\x00\x07\x1b[2J\x7f\x9b\u202e'", code: 'x\x00\x1b]0;title\x07y',
    }],
  };
  const outputs = {
    text: renderText(nasty, { failOn: 'warning', quiet: true }),
    markdown: renderMarkdown(nasty),
    sonarqube: renderSonarQube(nasty),
    json: renderJson(nasty),
    sarif: renderSarif(nasty, '1'),
  };
  for (const [format, out] of Object.entries(outputs)) {
    assert.doesNotMatch(out, /[\x00-\x08\x0B-\x1F\x7F-\x9F\u202E]/, format);
  }
  assert.equal(outputs.text, "bin\\x1b[31m.sql:1:1: error syntax-error unexpected '\\x00\\x07\\x1b[2J\\x7f\\x9b\\u202e'\n");
  assert.ok(outputs.markdown.includes('  - code: `x\\x00\\x1b]0;title\\x07y`'), outputs.markdown);
  // JSON keeps the exact text (JSON.parse gives it back); only its spelling in the file is escaped.
  assert.equal(JSON.parse(outputs.json).findings[0].message, nasty.findings[0]!.message);
  assert.equal(JSON.parse(outputs.sarif).runs[0].results[0].locations[0].physicalLocation.region.snippet.text, nasty.findings[0]!.code);
});

test('sonarqube reporter: 10.3+ generic issue format (rules array, 0-based columns) and the legacy form', () => {
  const sonar = JSON.parse(renderSonarQube(report)) as any;
  assert.deepEqual(Object.keys(sonar), ['rules', 'issues']);
  assert.deepEqual(sonar.rules.map((r: any) => r.id), ['some-rule', 'syntax-error', 'wrapped-unit']);
  for (const r of sonar.rules) {
    assert.deepEqual(Object.keys(r), ['id', 'name', 'description', 'engineId', 'cleanCodeAttribute', 'impacts']);
    assert.equal(r.engineId, 'plsql-perf');
    assert.ok(['EFFICIENT', 'LOGICAL'].includes(r.cleanCodeAttribute));
    for (const i of r.impacts) {
      assert.ok(['MAINTAINABILITY', 'RELIABILITY', 'SECURITY'].includes(i.softwareQuality));
      assert.ok(['HIGH', 'MEDIUM', 'LOW'].includes(i.severity));
    }
  }
  assert.deepEqual(sonar.rules[1].impacts, [{ softwareQuality: 'RELIABILITY', severity: 'HIGH' }]);
  assert.deepEqual(sonar.issues[0], {
    ruleId: 'syntax-error',
    primaryLocation: {
      message: "mismatched input ';' expecting {<EOF>, 'BEGIN'}",
      filePath: 'a dir/x_y.sql',
      textRange: { startLine: 4, endLine: 4, startColumn: 13, endColumn: 14 },
    },
  });
  assert.equal(sonar.issues[1].primaryLocation.message, 'wrapped code', 'one line');
  for (const issue of sonar.issues) assert.ok(sonar.rules.some((r: any) => r.id === issue.ruleId));
  const legacy = JSON.parse(renderSonarQubeLegacy(report)) as any;
  assert.deepEqual(Object.keys(legacy), ['issues']);
  assert.deepEqual(legacy.issues.map((i: any) => [i.engineId, i.ruleId, i.severity, i.type]), [
    ['plsql-perf', 'syntax-error', 'CRITICAL', 'BUG'],
    ['plsql-perf', 'wrapped-unit', 'MINOR', 'CODE_SMELL'],
    ['plsql-perf', 'some-rule', 'MAJOR', 'CODE_SMELL'],
  ]);
  assert.deepEqual(legacy.issues[2].primaryLocation.textRange, { startLine: 2, endLine: 3, startColumn: 2, endColumn: 0 });
});

test('markdown reporter: no findings', () => {
  assert.match(renderMarkdown({ files: 1, lines: 3, parseMs: 0, analysisMs: 0, indexMs: 0, findings: [], errors: [] }), /\nNo findings\.\n/);
});

test('codeclimate reporter: GitLab Code Quality issues with stable fingerprints that ignore line moves', async () => {
  const { renderCodeClimate } = await import('../../server/src/cli/reporters/codeclimate.ts');
  const issues = JSON.parse(renderCodeClimate(report)) as any[];
  assert.equal(issues.length, 3);
  assert.deepEqual(issues[2], {
    type: 'issue',
    check_name: 'some-rule',
    description: 'some-rule: use *bulk* | collect',
    categories: ['Performance'],
    severity: 'major',
    fingerprint: issues[2].fingerprint,
    location: { path: 'b.pkb', lines: { begin: 2, end: 3 } },
  });
  assert.deepEqual(issues.map((i) => i.severity), ['critical', 'minor', 'major']);
  assert.equal(issues[0].categories[0], 'Bug Risk');
  assert.match(issues[0].fingerprint, /^[0-9a-f]{32}$/);
  assert.equal(new Set(issues.map((i) => i.fingerprint)).size, 3);
  // The same finding two lines further down keeps its fingerprint; a second identical one gets its own.
  const moved = { ...report, findings: [{ ...report.findings[2]!, line: 4, endLine: 5 }, { ...report.findings[2]!, line: 9, endLine: 9 }] };
  const again = JSON.parse(renderCodeClimate(moved)) as any[];
  assert.equal(again[0].fingerprint, issues[2].fingerprint);
  assert.notEqual(again[1].fingerprint, again[0].fingerprint);
});
