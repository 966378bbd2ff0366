/**
 * Every quick fix the rules offer on their fixtures is applied and the project analysed again: the fix must be
 * one that keeps behaviour ('safe': the editor offers nothing else as an edit), the finding must be gone, no
 * syntax error may appear, and the statements and calls that ran before must all still be there, in order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import { analyzeText, type AnalyzerConfig } from '../../server/src/analysis/analyze.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import type { Finding } from '../../server/src/syntax/finding.ts';
import { applyEdits, applySuppression, describe, REWRITES, statementsOf } from './fixChecks.ts';
const fixturesRoot = new URL('./fixtures/', import.meta.url).pathname;

const fixtureFolders = readdirSync(fixturesRoot).sort();
/** A preview rule is off by default: its own folder turns it on, as the fixture harness does (fixtureFolder.ts). */
const ownRuleOn = (ruleId: string): AnalyzerConfig | undefined =>
  PERFORMANCE_RULES.find((r) => r.meta.id === ruleId)?.meta.status === 'preview' ? { rules: { [ruleId]: { enabled: true } } } : undefined;
let fixesApplied = 0;

for (const ruleId of fixtureFolders) {
  test(`rule ${ruleId}: every fix keeps behaviour, removes its finding and parses`, () => {
    const dir = join(fixturesRoot, ruleId);
    const documents = readdirSync(dir).sort().map((name) => ({ file: name, text: readFileSync(join(dir, name), 'utf8') }));
    const config = ownRuleOn(ruleId);
    const before = analyzeProject(documents, config);
    for (const [i, entry] of before.results.entries()) {
      if (!('result' in entry)) continue;
      const original = documents[i]!;
      for (const finding of entry.result.findings.filter((f) => f.fix)) {
        fixesApplied++;
        const fixedText = applyEdits(original.text, finding.fix!.edits);
        const after = analyzeProject(documents.map((d, j) => (j === i ? { ...d, text: fixedText } : d)), config).results[i]!;
        assert.ok('result' in after, `${describe(finding)}: the fixed file is analysed`);
        const syntaxErrors = after.result.findings.filter((f) => f.rule === 'syntax-error');
        assert.deepEqual(syntaxErrors, [], `${describe(finding)}: no syntax error after the fix`);
        const countOf = (findings: Finding[]) => findings.filter((f) => f.rule === finding.rule).length;
        assert.equal(countOf(after.result.findings), countOf(entry.result.findings) - 1, `${describe(finding)}: the finding is gone, the others stay`);
        // select-from-dual's fix turns its SELECT into an assignment of the same expression: that one statement changes kind
        const rewritten = REWRITES[finding.rule] && { line: finding.line, ...REWRITES[finding.rule]! };
        // a suggestion is offered as a rewrite to review, not as a quick fix (editorDetails.test.ts): only its edit is checked
        if (finding.fix!.kind === 'safe') assert.deepEqual(statementsOf(fixedText), statementsOf(original.text, rewritten), `${describe(finding)}: the same statements and calls run`);
        const changedLine = fixedText.split('\n')[finding.fix!.edits[0]!.range.line - 1]!;
        assert.ok(!/\S {2,}\S/.test(changedLine.replace(/--.*$/, '')) || /\S {2,}\S/.test(original.text.split('\n')[finding.line - 1]!.replace(/--.*$/, '')),
          `${describe(finding)}: no double space left behind: "${changedLine}"`);
      }
    }
  });
}

for (const ruleId of fixtureFolders) {
  test(`rule ${ruleId}: "Disable for this line" suppresses exactly its findings on the line and keeps the code as it was`, () => {
    const dir = join(fixturesRoot, ruleId);
    const documents = readdirSync(dir).sort().map((name) => ({ file: name, text: readFileSync(join(dir, name), 'utf8') }));
    const config = ownRuleOn(ruleId);
    const before = analyzeProject(documents, config);
    for (const [i, entry] of before.results.entries()) {
      if (!('result' in entry)) continue;
      const original = documents[i]!;
      for (const finding of entry.result.findings.filter((f) => f.rule !== 'syntax-error')) {
        const text = applySuppression(original.text, finding);
        const after = analyzeProject(documents.map((d, j) => (j === i ? { ...d, text } : d)), config).results[i]!;
        assert.ok('result' in after);
        const where = `${finding.rule} at ${finding.line}:${finding.column}`;
        // no new syntax error (a fixture may hold one on purpose: bulk-collect-without-limit/syntax_error.sql)
        const syntaxErrors = (findings: readonly Finding[]) => findings.filter((f) => f.rule === 'syntax-error').map((f) => f.message);
        assert.deepEqual(syntaxErrors(after.result.findings), syntaxErrors(entry.result.findings), `${where}: no syntax error`);
        const same = (f: Finding) => f.rule === finding.rule && f.column === finding.column && f.line === finding.line + 1;
        assert.ok(!after.result.findings.some(same), `${where}: suppressed`);
        // "this line": the rule's findings that start on the line (two parameters of one line: missing-nocopy), nothing else
        const onLine: number = entry.result.findings.filter((f: Finding) => f.rule === finding.rule && f.line === finding.line).length;
        assert.equal(after.result.findings.length, entry.result.findings.length - onLine, `${where}: only the rule's findings on that line`);
        assert.deepEqual(statementsOf(text), statementsOf(original.text), `${where}: a comment changes no statement`);
      }
    }
  });
}

test('the fixes above were applied (the fixtures hold findings with fixes)', () => {
  assert.ok(fixesApplied >= 5, `fixes applied: ${fixesApplied}`);
});

test('FETCH ... BULK COLLECT without LIMIT is advice, not a fix: LIMIT alone would drop every row after the first batch', () => {
  const text = [
    'create or replace procedure load_all as',
    '  cursor c_events is select * from events;',
    '  type t_events is table of c_events%rowtype;',
    '  l_events t_events;',
    'begin',
    '  open c_events;',
    '  fetch c_events bulk collect into l_events;',
    '  close c_events;',
    '  for i in 1 .. l_events.count loop',
    '    process(l_events(i));',
    '  end loop;',
    'end load_all;',
    '/',
  ].join('\n');
  const finding = analyzeText(text).findings.find((f) => f.rule === 'bulk-collect-without-limit');
  assert.ok(finding, 'the fetch is flagged');
  assert.equal(finding.line, 7);
  assert.equal(finding.fix, undefined);
  assert.match(finding.message, /Add LIMIT and fetch in a loop/);
});

test('applyEdits applies 1-based ranges, last edit first', () => {
  assert.equal(applyEdits('ab\ncd', [
    { range: { line: 1, column: 2, endLine: 1, endColumn: 3 }, newText: 'X' },
    { range: { line: 2, column: 1, endLine: 2, endColumn: 1 }, newText: 'Y' },
  ]), 'aX\nYcd');
});
