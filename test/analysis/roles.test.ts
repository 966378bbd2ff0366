/**
 * Code roles: decided from the code, overridden by path globs, severity per role from `.plsqlperf.json`,
 * shown in the message, the finding's role field and the JSON and SARIF reports.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { parseConfig } from '../../server/src/analysis/config/loadConfig.ts';
import { ConfigError } from '../../server/src/analysis/config/configError.ts';
import { KNOWN_RULE_IDS } from '../../server/src/cli/ruleInfo.ts';
import { toJsonReport } from '../../server/src/cli/reporters/json.ts';
import { renderSarif } from '../../server/src/cli/reporters/sarif.ts';

const loop = `create or replace procedure p as
begin
  for i in 1 .. 1000 loop
    insert into t values (i);
  end loop;
end;
/
`;
const suite = loop.replace('as\n', 'as\n  --%suite(x)\n');

test('application code keeps its severity and has no role field', () => {
  const [finding] = analyzeText(loop, { file: '/p/src/p.prc' }).findings;
  assert.equal(finding?.severity, 'warning');
  assert.equal(finding?.role, undefined);
  assert.doesNotMatch(finding!.message, /\(in /);
});

test('test code is info by default, says so, and a role severity can switch it off or raise it', () => {
  const [finding] = analyzeText(suite, { file: '/p/src/p.prc' }).findings;
  assert.equal(finding?.severity, 'info');
  assert.equal(finding?.role, 'test');
  assert.match(finding!.message, /\(in test code\)$/);
  const off = parseConfig(JSON.stringify({ roles: { test: { severity: 'off' } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS);
  assert.deepEqual(analyzeText(suite, { file: '/p/src/p.prc', config: off.analyzer }).findings, []);
  const warning = parseConfig(JSON.stringify({ roles: { test: { severity: 'warning' } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS);
  assert.equal(analyzeText(suite, { file: '/p/src/p.prc', config: warning.analyzer }).findings[0]?.severity, 'warning');
});

test('path globs force a role, relative to the configuration directory', () => {
  const config = parseConfig(JSON.stringify({ roles: { demo: { paths: ['samples/**'] } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS).analyzer;
  const demo = analyzeText(loop, { file: '/p/samples/p.prc', config }).findings[0];
  assert.equal(demo?.role, 'demo');
  assert.equal(demo?.severity, 'info');
  assert.equal(analyzeText(loop, { file: '/p/src/p.prc', config }).findings[0]?.role, undefined);
});

test('an unknown role or severity in the configuration is a ConfigError', () => {
  assert.throws(() => parseConfig(JSON.stringify({ roles: { prod: {} } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS), ConfigError);
  assert.throws(() => parseConfig(JSON.stringify({ roles: { test: { severity: 'low' } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS), ConfigError);
});

test('the role is a field of the JSON finding and a SARIF result property', () => {
  const [finding] = analyzeText(suite, { file: 'p.prc' }).findings;
  const report = { files: 1, lines: 7, parseMs: 0, analysisMs: 0, indexMs: 0, findings: [{ ...finding!, file: 'p.prc' }], errors: [] };
  assert.equal(toJsonReport(report as never).findings[0]?.role, 'test');
  const sarif = JSON.parse(renderSarif(report as never, '0.0.0'));
  assert.equal(sarif.runs[0].results[0].properties.role, 'test');
});
