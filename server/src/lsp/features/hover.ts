/**
 * Hover: on a finding, the rule's explanation, the measured facts (loop estimate) and the fix; on a call,
 * how it resolved and where the callee is defined. Both when the position has both.
 * The finding's message is not repeated: editors show the diagnostic's own message in the same hover
 * (VS Code above ours, Neovim in its diagnostic float), so the hover adds what the message does not say.
 */
import type { Hover, Position } from 'vscode-languageserver';
import { describeResolution } from '../../analysis/semantic/resolveCall.ts';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { EditorFinding } from '../analyzerApi.ts';
import { rangeContains, toLspRange } from '../positions.ts';
import { ruleSummary } from '../ruleDocs.ts';

function findingSection(finding: EditorFinding, docUri: string | undefined): string {
  const meta = ruleSummary(finding.rule);
  const lines = [`**${finding.rule}** (${finding.severity})${meta ? `: ${meta.summary}` : ''}`];
  if (finding.loop) lines.push('', `Runs ${finding.loop.text} (loop on line ${finding.loop.line}).`);
  if (finding.fix) lines.push('', `Fix (${finding.fix.kind}): ${finding.fix.title}`);
  else if (meta) lines.push('', `What to do: ${meta.remedy}`);
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
    const { definition } = call.resolution;
    // Paths relative to the workspace folder read better than the URIs the index keys files by.
    const resolution = definition ? { ...call.resolution, definition: { ...definition, file: describeFile(definition.file) } } : call.resolution;
    let text = `\`${call.name}\`: ${describeResolution(resolution)}`;
    if (call.loop?.text) text += `; runs ${call.loop.text}`;
    sections.push(text);
  }
  if (sections.length === 0) return null;
  const range = findings[0] ?? call?.nameRange;
  return { contents: { kind: 'markdown', value: sections.join('\n\n---\n\n') }, range: range ? toLspRange(range) : undefined };
}
