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
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import type { Finding, TextEdit } from '../../server/src/syntax/finding.ts';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { suppressionEdit } from '../../server/src/lsp/features/codeActions.ts';
const fixturesRoot = new URL('./fixtures/', import.meta.url).pathname;

/** Applies edits given in 1-based line/column ranges (non-overlapping), last first. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (line: number, column: number) => lineStarts[line - 1]! + column - 1;
  const sorted = [...edits].sort((a, b) => offset(b.range.line, b.range.column) - offset(a.range.line, a.range.column));
  let out = text;
  for (const edit of sorted) {
    out = out.slice(0, offset(edit.range.line, edit.range.column)) + edit.newText + out.slice(offset(edit.range.endLine, edit.range.endColumn));
  }
  return out;
}

/**
 * What the code does, as the walk sees it: every statement's kind and every call's name, in order, and the
 * mixed notation the compiler rejects.
 */
function statementsOf(text: string, rewritten?: { line: number; from: string; to: string }): string[] {
  const seen: string[] = [];
  const recorder: Rule = {
    meta: { id: 'test-recorder', defaultSeverity: 'info', status: 'preview', summary: '', remedy: '', fixKind: 'none', docPath: '' },
    create: () => ({
      statement: (statement) => {
        const kind = `statement ${statement.statementKind}`;
        seen.push(rewritten && statement.range.line === rewritten.line && kind === rewritten.from ? rewritten.to : kind);
      },
      call: ({ call }) => {
        seen.push(`call ${call.name}`);
        // PL/SQL rejects a positional argument after a named one (PLS-00312); the parser accepts it
        const firstNamed = call.args.findIndex((a) => a.name !== undefined);
        if (firstNamed >= 0 && call.args.slice(firstNamed).some((a) => a.name === undefined)) seen.push(`PLS-00312 in the call of ${call.name}`);
      },
    }),
  };
  analyzeText(text, { extraRules: [recorder] });
  return seen;
}

function describe(finding: Finding): string {
  return `${finding.rule} at ${finding.line}:${finding.column} (${finding.fix!.title})`;
}

const fixtureFolders = readdirSync(fixturesRoot).sort();
/** Fixes that replace their statement by an equivalent one of another kind (the calls in it stay). */
const REWRITES: Record<string, { from: string; to: string }> = { 'select-from-dual': { from: 'statement sql', to: 'statement assignment' } };
let fixesApplied = 0;

for (const ruleId of fixtureFolders) {
  test(`rule ${ruleId}: every fix keeps behaviour, removes its finding and parses`, () => {
    const dir = join(fixturesRoot, ruleId);
    const documents = readdirSync(dir).sort().map((name) => ({ file: name, text: readFileSync(join(dir, name), 'utf8') }));
    const before = analyzeProject(documents);
    for (const [i, entry] of before.results.entries()) {
      if (!('result' in entry)) continue;
      const original = documents[i]!;
      for (const finding of entry.result.findings.filter((f) => f.fix)) {
        fixesApplied++;
        assert.equal(finding.fix!.kind, 'safe', `${describe(finding)}: only fixes that keep behaviour are offered as edits`);
        const fixedText = applyEdits(original.text, finding.fix!.edits);
        const after = analyzeProject(documents.map((d, j) => (j === i ? { ...d, text: fixedText } : d))).results[i]!;
        assert.ok('result' in after, `${describe(finding)}: the fixed file is analysed`);
        const syntaxErrors = after.result.findings.filter((f) => f.rule === 'syntax-error');
        assert.deepEqual(syntaxErrors, [], `${describe(finding)}: no syntax error after the fix`);
        const countOf = (findings: Finding[]) => findings.filter((f) => f.rule === finding.rule).length;
        assert.equal(countOf(after.result.findings), countOf(entry.result.findings) - 1, `${describe(finding)}: the finding is gone, the others stay`);
        // select-from-dual's fix turns its SELECT into an assignment of the same expression: that one statement changes kind
        const rewritten = REWRITES[finding.rule] && { line: finding.line, ...REWRITES[finding.rule]! };
        assert.deepEqual(statementsOf(fixedText), statementsOf(original.text, rewritten), `${describe(finding)}: the same statements and calls run`);
        const changedLine = fixedText.split('\n')[finding.fix!.edits[0]!.range.line - 1]!;
        assert.ok(!/\S {2,}\S/.test(changedLine.replace(/--.*$/, '')) || /\S {2,}\S/.test(original.text.split('\n')[finding.line - 1]!.replace(/--.*$/, '')),
          `${describe(finding)}: no double space left behind: "${changedLine}"`);
      }
    }
  });
}

for (const ruleId of fixtureFolders) {
  test(`rule ${ruleId}: "Disable for this line" suppresses exactly its finding and keeps the code as it was`, () => {
    const dir = join(fixturesRoot, ruleId);
    const documents = readdirSync(dir).sort().map((name) => ({ file: name, text: readFileSync(join(dir, name), 'utf8') }));
    const before = analyzeProject(documents);
    for (const [i, entry] of before.results.entries()) {
      if (!('result' in entry)) continue;
      const original = documents[i]!;
      for (const finding of entry.result.findings.filter((f) => f.rule !== 'syntax-error')) {
        // the editor's edit, with a reason typed in place of the placeholder
        const edit = suppressionEdit(TextDocument.create('file:///f.sql', 'plsql', 1, original.text), finding.line - 1, finding.rule);
        const text = applyEdits(original.text, [{
          range: { line: edit.range.start.line + 1, column: 1, endLine: edit.range.start.line + 1, endColumn: 1 },
          newText: edit.newText.replace('<reason>', 'reviewed: runs once a night'),
        }]);
        const after = analyzeProject(documents.map((d, j) => (j === i ? { ...d, text } : d))).results[i]!;
        assert.ok('result' in after);
        const where = `${finding.rule} at ${finding.line}:${finding.column}`;
        // no new syntax error (a fixture may hold one on purpose: bulk-collect-without-limit/syntax_error.sql)
        const syntaxErrors = (findings: readonly Finding[]) => findings.filter((f) => f.rule === 'syntax-error').map((f) => f.message);
        assert.deepEqual(syntaxErrors(after.result.findings), syntaxErrors(entry.result.findings), `${where}: no syntax error`);
        const same = (f: Finding) => f.rule === finding.rule && f.column === finding.column && f.line === finding.line + 1;
        assert.ok(!after.result.findings.some(same), `${where}: suppressed`);
        assert.equal(after.result.findings.length, entry.result.findings.length - 1, `${where}: only that finding`);
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
