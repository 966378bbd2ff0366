/**
 * Test helpers shared by the analyzer tests that work across files: a workspace index of a few texts, and the
 * findings of one text analysed against it as `rule@line:severity`.
 */
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';

export function indexOf(files: Record<string, string>): WorkspaceIndex {
  const index = new WorkspaceIndex();
  for (const [file, text] of Object.entries(files)) index.update(file, text);
  return index;
}

/** `rule@line:severity` of the findings of the rules named (all when none is). */
export function findingsOf(text: string, file: string, index: WorkspaceIndex, ...rules: string[]): string[] {
  return analyzeText(text, { file, index }).findings
    .filter((f) => rules.length === 0 || rules.includes(f.rule))
    .map((f) => `${f.rule}@${f.line}:${f.severity}`);
}
