/** "Profile this block" above anonymous blocks and subprograms (setting codeLens.profileBlock). */
import type { CodeLens, Range } from 'vscode-languageserver';
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
