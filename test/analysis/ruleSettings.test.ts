/**
 * A rule's settings in the configuration, as analyzeText applies them: a configured severity moves the rule's whole
 * scale (the heat of a loop still raises or lowers a finding from there, within info..error), and a built-in
 * finding of the parser (a syntax error) can be switched off or given another severity like any rule.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText, type AnalyzerConfig } from '../../server/src/analysis/analyze.ts';

// three loops of DML: a few iterations, an unknown number (a query), a million
const TEXT = `create or replace procedure load_all as
begin
  for i in 1 .. 3 loop
    insert into t values (i);
  end loop;
  for r in (select id from big_table) loop
    insert into t values (r.id);
    commit;
  end loop;
  for i in 1 .. 1000000 loop
    update t set c = i where id = i;
  end loop;
end;
/
create or replace procedure broken as begin null end;
/
`;

const found = (config?: AnalyzerConfig) => analyzeText(TEXT, { config }).findings.map((f) => `${f.rule}:${f.line}:${f.severity}`);

test('rule settings: a configured severity shifts every finding of the rule by the same step, clamped to info..error', () => {
  assert.deepEqual(found(), ['dml-in-loop:4:info', 'dml-in-loop:7:warning', 'commit-in-loop:8:warning', 'dml-in-loop:11:error', 'syntax-error:15:error']);
  // dml-in-loop's default is warning: info lowers each finding one step (info stays info), error raises each one
  assert.deepEqual(found({ rules: { 'dml-in-loop': { severity: 'info' } } }),
    ['dml-in-loop:4:info', 'dml-in-loop:7:info', 'commit-in-loop:8:warning', 'dml-in-loop:11:warning', 'syntax-error:15:error']);
  assert.deepEqual(found({ rules: { 'dml-in-loop': { severity: 'error' } } }),
    ['dml-in-loop:4:warning', 'dml-in-loop:7:error', 'commit-in-loop:8:warning', 'dml-in-loop:11:error', 'syntax-error:15:error']);
  // the default severity configured changes nothing
  assert.deepEqual(found({ rules: { 'dml-in-loop': { severity: 'warning' } } }), found());
});

test('rule settings: a syntax error can be switched off or given another severity; other rules stay as they are', () => {
  assert.deepEqual(found({ rules: { 'syntax-error': { enabled: false }, 'commit-in-loop': { severity: 'info' } } }),
    ['dml-in-loop:4:info', 'dml-in-loop:7:warning', 'commit-in-loop:8:info', 'dml-in-loop:11:error']);
  assert.deepEqual(found({ rules: { 'syntax-error': { severity: 'warning' } } }).at(-1), 'syntax-error:15:warning');
  assert.deepEqual(found({ rules: { 'syntax-error': { enabled: true } } }).at(-1), 'syntax-error:15:error');
});
