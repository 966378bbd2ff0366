/**
 * The two passes of a project analysis (index every file, then analyze each against the whole workspace), as the
 * checker and the ruling report run them: a file that cannot be read is reported and the others go on; the time
 * spent is accounted to the pass that spent it; a check run lets each file's parse go once analyzed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject, createProjectAnalyzer } from '../../server/src/analysis/analyzeProject.ts';

const CALLEE = 'create or replace procedure log_row(p_id number) as\nbegin\n  insert into audit_rows(id) values (p_id);\nend;\n/\n';
const CALLER = 'create or replace procedure run_all as\nbegin\n  for r in (select id from items) loop\n    log_row(r.id);\n  end loop;\nend;\n/\n';

test('project analysis: a document that cannot be indexed carries its error, the others are analyzed against each other', () => {
  const project = analyzeProject([
    { file: 'log_row.prc', text: CALLEE },
    { file: 'broken.sql', text: undefined as unknown as string },
    { file: 'run_all.prc', text: CALLER },
  ]);
  assert.deepEqual(project.results.map((r) => r.file), ['log_row.prc', 'broken.sql', 'run_all.prc']);
  const broken = project.results[1]!;
  assert.ok('error' in broken && broken.error instanceof Error, 'the unreadable document carries its error');
  const caller = project.results[2]!;
  assert.ok('result' in caller);
  // the call in the loop reaches the INSERT of the other file: it was indexed before run_all.prc was analyzed
  assert.ok(caller.result.findings.some((f) => f.rule === 'standalone-call-in-loop' && f.line === 4), JSON.stringify(caller.result.findings.map((f) => `${f.rule}:${f.line}`)));
  assert.equal(project.index.has('log_row.prc'), true);
  assert.equal(project.index.has('broken.sql'), false);
  assert.ok(project.parseMs > 0 && project.analysisMs > 0);
});

test('project analysis: the parse is timed where it happens, in the index pass or, for a file never indexed, in the analysis', () => {
  const analyzer = createProjectAnalyzer();
  assert.deepEqual(analyzer.stats().parseMs, 0);
  analyzer.index('log_row.prc', CALLEE);
  const afterIndex = analyzer.stats();
  assert.ok(afterIndex.parseMs > 0, 'the index pass parsed');
  assert.equal(afterIndex.analysisMs, 0);
  analyzer.analyze('log_row.prc', CALLEE);
  const afterKept = analyzer.stats();
  assert.equal(afterKept.parseMs, afterIndex.parseMs, 'the kept parse is not parsed again');
  assert.ok(afterKept.analysisMs > 0);
  const { result } = analyzer.analyze('run_all.prc', CALLER);
  const afterFresh = analyzer.stats();
  assert.ok(afterFresh.parseMs > afterKept.parseMs, 'a file never indexed is parsed by its analysis, and that is parse time');
  assert.ok(afterFresh.analysisMs > afterKept.analysisMs);
  assert.ok(result.findings.some((f) => f.rule === 'standalone-call-in-loop'));
});

test('project analysis: a check run (findings only) releases each file\'s parse once analyzed; a full analysis keeps the models', () => {
  const check = createProjectAnalyzer({}, { findingsOnly: true });
  const full = createProjectAnalyzer();
  for (const analyzer of [check, full]) {
    analyzer.index('log_row.prc', CALLEE);
    analyzer.index('run_all.prc', CALLER);
  }
  const checked = check.analyze('run_all.prc', CALLER);
  const analyzed = full.analyze('run_all.prc', CALLER);
  assert.deepEqual(checked.findings.map((f) => `${f.rule}:${f.line}`), analyzed.findings.map((f) => `${f.rule}:${f.line}`));
  assert.ok(checked.findings.length > 0);
  // the call graph no longer holds the check run's parse; the full analysis's is still current
  const fullScript = analyzed.result.script;
  assert.equal(full.workspace.callGraph.isCurrent('run_all.prc', fullScript), true);
  assert.equal(check.workspace.callGraph.isCurrent('run_all.prc', checked.result.script), false);
  assert.ok(checked.result.script.units.every((u) => u.views.every((v) => v.length === 0)), 'no models kept');
  assert.ok(fullScript.units.some((u) => u.views.some((v) => v.length > 0)));
});

test('project analysis: a check run\'s index keeps no call sites, a full analysis\'s does (round 12 survivors)', () => {
  const check = createProjectAnalyzer({}, { findingsOnly: true });
  const full = createProjectAnalyzer();
  for (const analyzer of [check, full]) {
    analyzer.index('log_row.prc', CALLEE);
    analyzer.index('run_all.prc', CALLER);
  }
  assert.throws(() => check.workspace.references('LOG_ROW'));
  assert.deepEqual(full.workspace.references('LOG_ROW').map((r) => r.file), ['run_all.prc']);
});

test('project analysis: the parse time is the time the parse took (round 12 survivors)', () => {
  const analyzer = createProjectAnalyzer();
  const started = performance.now();
  analyzer.index('log_row.prc', CALLEE);
  const elapsed = performance.now() - started;
  const { parseMs } = analyzer.stats();
  assert.ok(parseMs > 0 && parseMs <= elapsed, `${parseMs} ms of parsing in ${elapsed} ms`);
});

test('project analysis: a document the index pass failed on is not analyzed again; one whose analysis fails carries its error (round 12 survivors)', () => {
  const project = analyzeProject([{ file: 'broken.sql', text: undefined as unknown as string }]);
  const broken = project.results[0]!;
  // the error met by the index pass, not a second one from an analysis of the same text
  assert.ok('error' in broken && broken.error instanceof Error && /at (?:Object\.)?index \(/.test(broken.error.stack ?? ''), String((broken as { error?: Error }).error?.stack));
  assert.ok(!/at (?:Object\.)?analyze \(/.test((broken.error as Error).stack ?? ''));
  // configuration read by the analysis only: every document is indexed, and each analysis fails with the error
  const failing = { get rules(): never { throw new Error('unreadable rule settings'); } };
  const analyzed = analyzeProject([{ file: 'log_row.prc', text: CALLEE }, { file: 'run_all.prc', text: CALLER }], failing);
  assert.deepEqual(analyzed.results.map((r) => [r.file, 'error' in r ? (r.error as Error).message : 'analyzed']), [
    ['log_row.prc', 'unreadable rule settings'],
    ['run_all.prc', 'unreadable rule settings'],
  ]);
  assert.equal(analyzed.index.has('run_all.prc'), true);
});
