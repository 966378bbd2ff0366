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

// An anonymous block whose loop inserts row by row: application code unless the script around it says otherwise.
const block = `begin
  for i in 1 .. 1000 loop
    insert into t values (i);
  end loop;
end;
/
`;
const roleOf = (text: string) => analyzeText(text, { file: '/p/scripts/run.sql' }).findings.find((f) => f.rule === 'dml-in-loop')?.role ?? 'application';

test('demo scripts present themselves: PAUSE, CLEAR SCREEN, TIMING START, SET AUTOTRACE ON/TRACEONLY; SET TIMING ON alone is an install script', () => {
  assert.equal(roleOf(block), 'application');
  for (const command of ['PAUSE Press return', 'CLEAR SCREEN', 'TIMING START load', 'SET AUTOTRACE ON', 'set autot on', 'SET AUTOTRACE  TRACEONLY EXPLAIN', 'set autotrace on statistics']) {
    assert.equal(roleOf(`${command}\n${block}`), 'demo', command);
  }
  // a lone '/' that re-runs the buffer and a lone '.' that ends it make no script of a file
  assert.equal(roleOf(`commit;\n/\n${block}`), 'application');
  assert.equal(roleOf(`select 1 from dual\n.\n${block}`), 'application');
  for (const command of ['SET TIMING ON', 'TIMING STOP', 'SET AUTOTRACE OFF', 'SET SERVEROUTPUT ON', 'PROMPT Loading', 'SPOOL install.log']) {
    assert.equal(roleOf(`${command}\n${block}`), 'deployment', command);
  }
});

test('deployment scripts: top-level DDL and seed rows, not ALTER SESSION; Liquibase changelogs; dynamic DDL in the block itself', () => {
  assert.equal(roleOf(`CREATE TABLE t (id NUMBER);\n${block}`), 'deployment');
  // a rule without a script severity keeps its severity there, and the message says where it is
  const [inScript] = analyzeText(`CREATE TABLE t (id NUMBER);\n${block}`, { file: '/p/scripts/run.sql' }).findings.filter((f) => f.rule === 'dml-in-loop');
  assert.equal(inScript?.severity, 'warning');
  assert.match(inScript!.message, /\(in a deployment script\)$/);
  assert.equal(roleOf(`GRANT SELECT ON t TO reporting;\n${block}`), 'deployment');
  assert.equal(roleOf(`ALTER SESSION SET nls_date_format = 'YYYY-MM-DD';\n${block}`), 'application');
  assert.equal(roleOf(`ALTER SYSTEM FLUSH SHARED_POOL;\n${block}`), 'application');
  assert.equal(roleOf(`SELECT COUNT(*) FROM t;\n${block}`), 'application');
  assert.equal(roleOf(`--liquibase formatted sql\n${block}`), 'deployment');
  assert.equal(roleOf(`-- liquibase formatted sql\n${block}`), 'deployment');
  assert.equal(roleOf(`--changeset alice:seed-orders\n${block}`), 'deployment');
  assert.equal(roleOf(`-- a changeset of the liquibase kind\n${block}`), 'application');
  const ddlThenLoop = block.replace('begin\n', "begin\n  execute immediate 'create table t (id number)';\n");
  assert.equal(roleOf(ddlThenLoop), 'deployment');
  const builtThenRun = block.replace('begin\n', "declare\n  l_sql varchar2(100) := 'drop table t purge';\nbegin\n  execute immediate l_sql;\n");
  assert.equal(roleOf(builtThenRun), 'deployment');
  // the dynamic DDL of another block does not make this one a deployment script
  assert.equal(roleOf(`begin\n  execute immediate 'drop table tmp_x';\nend;\n/\n${block}`), 'application');
  // dynamic DML is no DDL
  assert.equal(roleOf(block.replace('begin\n', "begin\n  execute immediate 'delete from t';\n")), 'application');
});

test('a role severity is a highest severity: it never raises a finding; path globs match hidden folders and file URIs', () => {
  const error = parseConfig(JSON.stringify({ roles: { test: { severity: 'error' } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS);
  assert.equal(analyzeText(suite, { file: '/p/src/p.prc', config: error.analyzer }).findings[0]?.severity, 'warning');
  const config = parseConfig(JSON.stringify({ roles: { demo: { paths: ['samples/**'] } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS).analyzer;
  assert.equal(analyzeText(loop, { file: '/p/samples/.drafts/p.prc', config }).findings[0]?.role, 'demo');
  assert.equal(analyzeText(loop, { file: 'file:///p/samples/p.prc', config }).findings[0]?.role, 'demo');
});

test('in a deployment script, a configured deployment severity replaces the install-time demotions', () => {
  const text = `set serveroutput on
declare
  cursor c_objects is select object_name from user_objects where status = 'INVALID';
  type t_names is table of varchar2(128);
  l_names t_names;
begin
  open c_objects;
  fetch c_objects bulk collect into l_names;
  close c_objects;
end;
/
`;
  const severityOf = (config?: ReturnType<typeof parseConfig>) => analyzeText(text, { file: '/p/install.sql', config: config?.analyzer }).findings
    .filter((f) => f.rule === 'bulk-collect-without-limit').map((f) => `${f.severity} ${/\(in [^)]*\)$/.exec(f.message)?.[0] ?? ''}`);
  assert.deepEqual(severityOf(), ['info (in a deployment script, reading the data dictionary: install-time work)']);
  const configured = parseConfig(JSON.stringify({ roles: { deployment: { severity: 'warning' } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS);
  assert.deepEqual(severityOf(configured), ['warning (in a deployment script)']);
});

test('a top-level query of a utPLSQL test script is test code too', () => {
  const text = "--%suite(orders)\nselect /*+ gather_plan_statistics */ count(*) from orders;\n";
  const [finding] = analyzeText(text, { file: '/p/test/orders_test.sql' }).findings;
  assert.deepEqual([finding?.rule, finding?.role, finding?.severity], ['plan-statistics-in-code', 'test', 'info']);
});
