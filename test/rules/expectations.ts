/**
 * Inline expectations of rule fixtures: `-- expect: rule-a, rule-b(error)` at the end of the line where the
 * finding must start. Every finding of a fixture file must be expected and every expectation met.
 */
import type { Finding } from '../../server/src/syntax/finding.ts';

export interface Expectation {
  line: number;
  rule: string;
  severity?: string;
}

export function expectationsOf(text: string): Expectation[] {
  const out: Expectation[] = [];
  text.split(/\r?\n/).forEach((lineText, index) => {
    const match = /--\s*expect:\s*(.+)$/.exec(lineText);
    if (!match) return;
    for (const item of match[1]!.split(',')) {
      const parsed = /^\s*([a-z0-9-]+)\s*(?:\((error|warning|info)\))?\s*$/.exec(item);
      if (!parsed) throw new Error(`line ${index + 1}: cannot read expectation "${item.trim()}"`);
      out.push({ line: index + 1, rule: parsed[1]!, severity: parsed[2] });
    }
  });
  return out;
}

/** The differences between expected and actual findings, as readable lines (empty when they match). */
export function compareWithExpectations(file: string, expectations: readonly Expectation[], findings: readonly Finding[]): string[] {
  const problems: string[] = [];
  const unmatched = [...findings];
  for (const expectation of expectations) {
    const index = unmatched.findIndex((f) => f.line === expectation.line && f.rule === expectation.rule);
    if (index < 0) {
      problems.push(`${file}:${expectation.line}: missing ${expectation.rule}`);
      continue;
    }
    const [finding] = unmatched.splice(index, 1);
    if (expectation.severity && finding!.severity !== expectation.severity) {
      problems.push(`${file}:${expectation.line}: ${expectation.rule} has severity ${finding!.severity}, expected ${expectation.severity}`);
    }
  }
  for (const finding of unmatched) problems.push(`${file}:${finding.line}: unexpected ${finding.rule} (${finding.severity}): ${finding.message}`);
  return problems;
}
