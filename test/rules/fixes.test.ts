/**
 * Every safe fix of every fixture: apply it, parse the result again, and check that the finding is gone and
 * no syntax error appeared (the fixed file must still be valid PL/SQL).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import type { Finding, TextEdit } from '../../server/src/syntax/finding.ts';
const fixturesRoot = new URL('./fixtures/', import.meta.url).pathname;

/** Applies edits (1-based, end exclusive) from the last to the first, so earlier offsets stay valid. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (line: number, column: number) => starts[line - 1]! + column - 1;
  const sorted = [...edits].sort((a, b) => offset(b.range.line, b.range.column) - offset(a.range.line, a.range.column));
  let out = text;
  for (const edit of sorted) out = out.slice(0, offset(edit.range.line, edit.range.column)) + edit.newText + out.slice(offset(edit.range.endLine, edit.range.endColumn));
  return out;
}

const sameSpot = (a: Finding, b: Finding) => a.rule === b.rule && a.line === b.line;

test('every safe fix in the rule fixtures removes its finding and leaves valid PL/SQL', () => {
  let applied = 0;
  for (const ruleId of readdirSync(fixturesRoot).sort()) {
    const dir = join(fixturesRoot, ruleId);
    const documents = readdirSync(dir).sort().map((name) => ({ file: name, text: readFileSync(join(dir, name), 'utf8') }));
    const project = analyzeProject(documents);
    for (const [i, entry] of project.results.entries()) {
      if (!('result' in entry)) continue;
      for (const finding of entry.result.findings) {
        if (finding.fix?.kind !== 'safe') continue;
        const fixed = applyEdits(documents[i]!.text, finding.fix.edits);
        const again = analyzeProject(documents.map((d, j) => (j === i ? { ...d, text: fixed } : d))).results[i]!;
        assert.ok('result' in again, `${ruleId}/${entry.file}: analysis of the fixed file failed`);
        const errors = again.result.findings.filter((f) => f.rule === 'syntax-error');
        assert.deepEqual(errors, [], `${ruleId}/${entry.file}:${finding.line}: the fix "${finding.fix.title}" made a syntax error`);
        assert.ok(!again.result.findings.some((f) => sameSpot(f, finding)), `${ruleId}/${entry.file}:${finding.line}: ${finding.rule} is still there after its fix`);
        applied++;
      }
    }
  }
  assert.ok(applied >= 4, `at least the select-from-dual, gather_plan_statistics and max_linesize fixes were applied (${applied})`);
});
