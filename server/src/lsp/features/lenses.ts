/**
 * "Profile this block" above anonymous blocks and subprograms, and loop-heat inlay hints at the end of
 * hot loop headers. Each is switched by a setting (codeLens.profileBlock, inlayHints.loopHeat).
 */
import { InlayHintKind, type CodeLens, type InlayHint, type Range } from 'vscode-languageserver';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import { toLspRange } from '../positions.ts';
import { ProfileBlockCommand, type ProfileBlockArguments } from '../protocol.ts';
import { topLevelUnits } from '../workspace/modelSymbols.ts';

function lens(uri: string, range: Range, name: string, kind: ProfileBlockArguments['kind']): CodeLens {
  const args: ProfileBlockArguments = { uri, range, name, kind };
  return { range, command: { title: 'Profile this block', command: ProfileBlockCommand, arguments: [args] } };
}

export function profileLenses(analysis: EditorAnalysis, uri: string): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const unit of topLevelUnits(analysis.script)) {
    if (unit.unitKind === 'anonymous-block') lenses.push(lens(uri, toLspRange(unit.range), 'anonymous block', 'anonymous-block'));
    else if (unit.unitKind === 'procedure' || unit.unitKind === 'function') lenses.push(lens(uri, toLspRange(unit.range), unit.name, unit.unitKind));
    else if (unit.unitKind === 'package-body') {
      for (const s of unit.subprograms) {
        if (!s.isDeclarationOnly) lenses.push(lens(uri, toLspRange(s.range), `${unit.name}.${s.name}`, 'subprogram'));
      }
    }
  }
  return lenses;
}

export function loopHeatHints(analysis: EditorAnalysis, range: Range, minIterations: number): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const loop of analysis.loops) {
    const header = toLspRange(loop.headerRange);
    if (header.end.line < range.start.line || header.start.line > range.end.line) continue;
    const { count, perRowOf, perBatchOf, perElementOf, text } = loop.estimate;
    let label: string;
    if (count !== undefined) {
      if (count < minIterations) continue;
      label = `≈${count.toLocaleString('en-US')} iterations`;
    } else if (perRowOf.length) {
      label = `per row of ${perRowOf.join(' × ')}`;
    } else if (perBatchOf.length || perElementOf.length) {
      label = perBatchOf.length ? `per batch of ${perBatchOf.join(' × ')}` : `per element of ${perElementOf.join(' × ')}`;
    } else {
      continue;
    }
    hints.push({ position: header.end, label, kind: InlayHintKind.Parameter, paddingLeft: true, tooltip: text });
  }
  return hints;
}
