/**
 * The editor's code actions applied to real code, every rule on (preview rules too): each quick fix and each
 * "Disable for this line" of every finding in test/corpus-modern, ../shared/corpus and ../shared/corpus-wide.
 * A fix must remove its finding and no other and add no syntax error, and a safe one (a quick fix) keep the
 * statements and calls that ran; a suppression must hide exactly the rule's findings on its line and change no
 * statement. Fixtures show what a rule's authors
 * thought of; this shows what application code brings (a finding on a line inside a q-quoted string: the
 * suppression comment went into the string, suppressionPlacement.test.ts).
 *
 * The shared corpora live outside the repository: missing, they are skipped (../shared/corpus fails instead
 * under CI=true, as in cleanRate.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { analyzeText, type AnalyzerConfig } from '../../server/src/analysis/analyze.ts';
import { RULES } from '../../server/src/analysis/rules/registry.ts';
import type { Finding } from '../../server/src/syntax/finding.ts';
import { corpusRoot, corpusWideRoot, listCorpus, modernCorpusRoot, readCorpusFile } from '../bench/corpus.ts';
import { applyEdits, applySuppression, describe, REWRITES, statementsOf } from './fixChecks.ts';

const everyRule: AnalyzerConfig = { rules: Object.fromEntries(RULES.map((r) => [r.id, { enabled: true }])) };
/** Larger files are checked by the scale tests; here each finding means one more analysis of its file. */
const MAX_BYTES = 1_000_000;

const syntaxErrors = (findings: readonly Finding[]) => findings.filter((f) => f.rule === 'syntax-error').map((f) => `${f.line}:${f.column} ${f.message}`);
const ofRule = (findings: readonly Finding[], rule: string) => findings.filter((f) => f.rule === rule).length;

function checkCorpus(root: string): { files: number; fixes: number; suppressions: number; problems: string[] } {
  const problems: string[] = [];
  let files = 0;
  let fixes = 0;
  let suppressions = 0;
  for (const path of listCorpus(root)) {
    const { text } = readCorpusFile(root, path);
    if (text.length > MAX_BYTES) continue;
    files++;
    const before = analyzeText(text, { config: everyRule }).findings;
    let statements: string[] | undefined;
    const statementsBefore = () => (statements ??= statementsOf(text));
    for (const finding of before) {
      if (finding.rule === 'syntax-error' || finding.rule === 'internal-error') continue;
      const where = `${path}:${finding.line}:${finding.column} ${finding.rule}`;
      if (finding.fix) {
        fixes++;
        const fixed = applyEdits(text, finding.fix.edits);
        const after = analyzeText(fixed, { config: everyRule }).findings;
        const rewritten = REWRITES[finding.rule] && { line: finding.line, ...REWRITES[finding.rule]! };
        if (syntaxErrors(after).length > syntaxErrors(before).length) problems.push(`${where}: ${describe(finding)} adds a syntax error: ${syntaxErrors(after).join('; ')}`);
        if (ofRule(after, finding.rule) !== ofRule(before, finding.rule) - 1) problems.push(`${where}: ${describe(finding)} does not remove exactly its finding`);
        // a suggestion (NOCOPY) is offered as a rewrite to review, not as a quick fix (editorDetails.test.ts)
        if (finding.fix.kind === 'safe' && JSON.stringify(statementsOf(fixed)) !== JSON.stringify(statementsOf(text, rewritten))) problems.push(`${where}: ${describe(finding)} changes what runs`);
      }
      suppressions++;
      const suppressed = applySuppression(text, finding);
      const after = analyzeText(suppressed, { config: everyRule }).findings;
      if (JSON.stringify(syntaxErrors(after).map((e) => e.replace(/^\d+:\d+ /, ''))) !== JSON.stringify(syntaxErrors(before).map((e) => e.replace(/^\d+:\d+ /, '')))) {
        problems.push(`${where}: the suppression changes the syntax errors`);
      }
      // "this line": every finding of the rule that starts on the line, and nothing else
      const onLine = before.filter((f) => f.rule === finding.rule && f.line === finding.line).length;
      if (after.length !== before.length - onLine || ofRule(after, finding.rule) !== ofRule(before, finding.rule) - onLine) problems.push(`${where}: the suppression does not hide exactly the rule's findings on its line`);
      if (JSON.stringify(statementsOf(suppressed)) !== JSON.stringify(statementsBefore())) problems.push(`${where}: the suppression changes what runs`);
    }
  }
  return { files, fixes, suppressions, problems };
}

for (const [name, root, requiredInCi] of [
  ['test/corpus-modern', modernCorpusRoot(), true],
  ['../shared/corpus', corpusRoot(), true],
  ['../shared/corpus-wide', corpusWideRoot(), false],
] as const) {
  const skip = existsSync(root) ? false : requiredInCi && process.env.CI === 'true' ? false : `no corpus at ${root}`;
  test(`${name}: every quick fix and every "Disable for this line" keeps the code's behaviour and does what it says`, { skip }, () => {
    const r = checkCorpus(root);
    assert.ok(r.files > 0, `the corpus ${root} is missing`);
    assert.ok(r.suppressions > 0, `${name}: no finding to suppress`);
    assert.deepEqual(r.problems, [], `${r.files} files, ${r.fixes} fixes, ${r.suppressions} suppressions`);
  });
}
