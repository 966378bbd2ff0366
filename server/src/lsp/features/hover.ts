/**
 * Hover: on a finding, the rule's explanation, the measured facts (loop estimate) and the fix; on a call,
 * how it resolved and where the callee is defined. Both when the position has both.
 */
import type { Hover, Position } from 'vscode-languageserver';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { CallResolutionKind, EditorFinding } from '../analyzerApi.ts';
import { rangeContains, toLspRange } from '../positions.ts';
import { ruleSummary } from '../ruleDocs.ts';

const resolutionText: Record<CallResolutionKind, string> = {
  local: 'a subprogram declared in this unit',
  'same-package': 'a subprogram of the same package',
  'other-package': 'a subprogram of another package',
  standalone: 'a standalone (schema-level) subprogram',
  'oracle-supplied': 'an Oracle-supplied package or function',
  'collection-element': 'an element of a collection, not a call',
  unresolved: 'not found in the workspace',
};

function findingSection(finding: EditorFinding, docUri: string | undefined): string {
  const lines = [`**${finding.rule}** (${finding.severity}): ${finding.message}`];
  const summary = ruleSummary(finding.rule);
  if (summary) lines.push('', summary);
  if (finding.loop) lines.push('', `Runs ${finding.loop.text} (loop on line ${finding.loop.line}).`);
  if (finding.fix) lines.push('', `Fix (${finding.fix.kind}): ${finding.fix.title}`);
  if (docUri) lines.push('', `[Rule documentation](${docUri})`);
  return lines.join('\n');
}

export function hoverAt(
  analysis: EditorAnalysis,
  position: Position,
  docUri: (rule: string) => string | undefined,
  describeFile: (uri: string) => string,
): Hover | null {
  const sections: string[] = [];
  const findings = analysis.findings.filter((f) => rangeContains(f, position));
  for (const finding of findings) sections.push(findingSection(finding, docUri(finding.rule)));
  const call = analysis.callAt(position.line + 1, position.character + 1);
  if (call) {
    const { kind, definition } = call.resolution;
    let text = `\`${call.call.name}\`: ${resolutionText[kind]}`;
    if (definition) text += `, ${definition.kind} defined in ${describeFile(definition.file)} line ${definition.nameRange.line}`;
    sections.push(text);
  }
  if (sections.length === 0) return null;
  const range = findings[0] ?? call?.call.nameRange;
  return { contents: { kind: 'markdown', value: sections.join('\n\n---\n\n') }, range: range ? toLspRange(range) : undefined };
}
