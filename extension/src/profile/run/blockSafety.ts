// A profile run ends with a rollback by default, but a COMMIT or a DDL statement inside the block makes its
// changes permanent before that. Such blocks need the user's confirmation first. Static SQL cannot be DDL in
// PL/SQL, so DDL comes from dynamic SQL: a literal is checked, anything else is reported as unknown.
import { parseScript } from '../../../../server/src/syntax/parseScript.ts';
import type { BlockNode, CallNode, DeclarationNode, StatementNode, SubprogramNode } from '../../../../server/src/syntax/model/nodes.ts';

const DDL = /^\s*(create|alter|drop|truncate|grant|revoke|rename|comment|analyze|purge|flashback|audit|noaudit)\b/i;
const COMMIT = /^\s*commit\b/i;
const DYNAMIC_CALLS = new Set(['DBMS_SQL.PARSE', 'DBMS_UTILITY.EXEC_DDL_STATEMENT', 'SYS.DBMS_SQL.PARSE']);

export interface SafetyConcern { line: number; reason: string }

/** Lines that may commit or run DDL, with why; empty when the block is safe to roll back. */
export function commitConcerns(blockText: string, firstLine: number): SafetyConcern[] {
  const concerns: SafetyConcern[] = [];
  const at = (line: number): number => firstLine + line - 1;
  const calls = (list: CallNode[]): void => {
    for (const c of list) if (DYNAMIC_CALLS.has(c.name)) concerns.push({ line: at(c.range.line), reason: `${c.name} runs SQL whose text is only known at run time (it may commit or run DDL)` });
  };
  const declarations = (list: DeclarationNode[]): void => {
    for (const d of list) {
      calls(d.calls);
      if (d.declarationKind === 'pragma' && d.name.toUpperCase() === 'AUTONOMOUS_TRANSACTION') {
        concerns.push({ line: at(d.range.line), reason: 'an autonomous transaction commits independently of the final rollback' });
      }
    }
  };
  const subprograms = (list: SubprogramNode[]): void => {
    for (const s of list) {
      declarations(s.declarations);
      subprograms(s.subprograms);
      if (s.body) block(s.body);
    }
  };
  const block = (b: BlockNode): void => {
    declarations(b.declarations);
    subprograms(b.subprograms);
    statements(b.statements);
    for (const h of b.exceptionHandlers) statements(h.statements);
  };
  const statements = (list: StatementNode[]): void => {
    for (const s of list) {
      calls(s.calls);
      switch (s.statementKind) {
        case 'sql':
          calls(s.sql.calls);
          if (s.sql.sqlKind === 'commit') concerns.push({ line: at(s.range.line), reason: 'COMMIT makes the changes permanent before the final rollback' });
          break;
        case 'execute-immediate':
          if (s.literalText === undefined) concerns.push({ line: at(s.range.line), reason: 'EXECUTE IMMEDIATE of a text known only at run time (it may commit or run DDL)' });
          else if (DDL.test(s.literalText)) concerns.push({ line: at(s.range.line), reason: `DDL (${s.literalText.trim().split(/\s+/).slice(0, 2).join(' ')}) commits implicitly` });
          else if (COMMIT.test(s.literalText)) concerns.push({ line: at(s.range.line), reason: 'a dynamic COMMIT makes the changes permanent' });
          break;
        case 'loop': statements(s.statements); break;
        case 'if': case 'case': for (const b of s.branches) statements(b.statements); break;
        case 'block': block(s.block); break;
        case 'forall':
          if (s.dynamicSql && s.dynamicSql.literalText === undefined) concerns.push({ line: at(s.range.line), reason: 'FORALL ... EXECUTE IMMEDIATE of a text known only at run time' });
          break;
        default: break;
      }
    }
  };
  for (const unit of parseScript(blockText).units) {
    for (const model of unit.views[0] ?? []) {
      declarations(model.declarations);
      subprograms(model.subprograms);
      if (model.body) block(model.body);
      statements(model.statements);
    }
  }
  // The model can reach one declaration along two paths (the unit's and the body's subprogram lists).
  const unique = new Map(concerns.map((c) => [`${c.line}:${c.reason}`, c]));
  return [...unique.values()].sort((a, b) => a.line - b.line);
}
