/**
 * Second chance for a package body with syntax errors: parse each of its items on its own (see
 * packageBodyItems.ts) and assemble the unit from them, so the model after an error is as good as the
 * model before it, and every error is reported inside the item it belongs to.
 */
import type { UnitNode } from '../analysis/model/nodes.ts';
import { BuildContext, type SegmentOrigin } from '../analysis/model/build/buildContext.ts';
import { buildDeclarations } from '../analysis/model/build/buildUnits.ts';
import { buildStatementList } from '../analysis/model/build/buildStatements.ts';
import type { PackageBodyItemContext } from './generated/PlSqlParser.ts';
import { splitPackageBody } from './packageBodyItems.ts';
import { parseSegmentText, type RelativeSyntaxError } from './parseUnit.ts';

/** Line and column (1-based) of an offset inside `text`. */
function relativePosition(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function shiftError(error: RelativeSyntaxError, at: { line: number; column: number }): RelativeSyntaxError {
  const column = (line: number, c: number) => (line === 1 ? c + at.column - 1 : c);
  return {
    line: error.line + at.line - 1,
    column: column(error.line, error.column),
    endLine: error.endLine + at.line - 1,
    endColumn: column(error.endLine, error.endColumn),
    message: error.message,
  };
}

/**
 * `wholeUnit` is the model from the failed whole-body parse, used for the unit's name and header.
 * Returns null when the text is not a package body that can be split.
 */
export function parsePackageBodyItems(
  text: string,
  origin: SegmentOrigin,
  wholeUnit: UnitNode | undefined,
): { unit: UnitNode; errors: RelativeSyntaxError[] } | null {
  if (!wholeUnit || wholeUnit.unitKind !== 'package-body') return null;
  const layout = splitPackageBody(text);
  if (!layout || layout.items.length === 0) return null;
  const unit: UnitNode = { ...wholeUnit, declarations: [], subprograms: [], body: undefined };
  const errors: RelativeSyntaxError[] = [];
  for (const item of layout.items) {
    const at = relativePosition(text, item.start);
    const itemOrigin = { line: origin.line + at.line - 1, column: at.line === 1 ? origin.column + at.column - 1 : at.column };
    const itemText = text.slice(item.start, item.end);
    const parsed = parseSegmentText(itemText, 'packageBodyItem', (view) => {
      const bc = new BuildContext(itemText, view.tokens, itemOrigin, view.variant);
      const tree = view.tree as PackageBodyItemContext;
      const declare = tree.declareItem();
      if (declare) {
        const built = buildDeclarations(bc, [declare]);
        unit.declarations.push(...built.declarations);
        unit.subprograms.push(...built.subprograms);
      }
      const init = tree.initializationPart();
      if (init) {
        unit.body = {
          kind: 'block', range: bc.range(init), declarations: [], subprograms: [],
          statements: buildStatementList(bc, init.seqOfStatements(), buildDeclarations), exceptionHandlers: [],
        };
      }
      return 0;
    });
    errors.push(...parsed.errors.map((e) => shiftError(e, at)));
  }
  return { unit, errors };
}
