/**
 * What SQL an EXECUTE IMMEDIATE runs, as far as the code shows it: a literal (`'select ... from t'`), a
 * concatenation that starts with one (`'select ' || l_cols || ' from t'`), or a variable whose last assignment
 * (or initial value) is one of those, also when later assignments append to it (`l_sql := l_sql || ' where ...'`).
 * Enough to tell a query from DML or a PL/SQL block; the rest of the text may stay unknown.
 */
import type { DynamicSqlInfo, StatementNode } from '../../../syntax/model/nodes.ts';
import type { Position } from '../../semantic/walk.ts';
import { scanPieces } from './literals.ts';

export interface KnownSqlText {
  /** The text known from the start: the whole statement when `complete`, else its beginning. */
  text: string;
  complete: boolean;
}

/** The SQL text of an expression as written (`'select ...'`, `q'[select ...]' || x`), when it starts with a literal. */
export function sqlTextOfExpression(expression: string): KnownSqlText | undefined {
  const pieces = scanPieces(expression);
  let index = 0;
  // leading blanks and an opening parenthesis: `('select ...' || x)`
  while (index < pieces.length && pieces[index]!.kind === 'code' && /^[\s(]*[nNuU]?[qQ]?$/.test(expression.slice(pieces[index]!.start, pieces[index]!.end))) index++;
  const literal = pieces[index];
  if (!literal || literal.kind !== 'string') return undefined;
  const rest = pieces.slice(index + 1);
  const complete = rest.every((p) => p.kind === 'code' && /^[\s);]*$/.test(expression.slice(p.start, p.end)));
  const quoted = expression.slice(literal.start, literal.end);
  // q-quotes keep their text as it is; plain literals double their quotes
  const isQ = /[qQ]$/.test(expression.slice(0, literal.start - 2));
  return { text: isQ ? quoted : quoted.replace(/''/g, "'"), complete };
}

/** Whether a known SQL text is a query (SELECT or WITH ... SELECT). */
export function isQueryText(known: KnownSqlText | undefined): boolean {
  return known !== undefined && /^\s*\(?\s*(select|with)\b/i.test(known.text);
}

/** `select sysdate from dual`: a whole query that reads only DUAL. */
export function readsOnlyDual(known: KnownSqlText): boolean {
  if (!known.complete) return false;
  const froms = [...known.text.matchAll(/\bfrom\s+([\w$#."]+)/gi)].map((m) => m[1]!.toUpperCase());
  return froms.length > 0 && froms.every((t) => t === 'DUAL' || t === 'SYS.DUAL') && !/\bjoin\b|\bdual\s*,/i.test(known.text);
}

/**
 * Follows the assignments of variables during the walk, so a later EXECUTE IMMEDIATE knows its text. Only the
 * statements are kept; their text is read when an EXECUTE IMMEDIATE asks (most assignments never matter).
 */
export class SqlTextVariables {
  private readonly assignments = new Map<string, StatementNode[]>();

  constructor(private readonly textIn: (statement: StatementNode) => string) {}

  /** Call for every statement, in walk order. */
  note(statement: StatementNode, position: Position): void {
    if (statement.statementKind !== 'assignment' || !statement.target || !/^[\w$#]+$/.test(statement.target)) return;
    const key = keyOf(position, statement.target.toUpperCase());
    const list = this.assignments.get(key);
    if (list) list.push(statement);
    else this.assignments.set(key, [statement]);
  }

  /** The text an EXECUTE IMMEDIATE (or a FORALL's dynamic SQL) runs, as far as it is known. */
  textOf(statement: DynamicSqlInfo, position: Position): KnownSqlText | undefined {
    if (statement.literalText !== undefined) return { text: statement.literalText, complete: true };
    if (statement.leadingText !== undefined) return { text: statement.leadingText, complete: false };
    const name = statement.textVariable;
    if (!name) return undefined;
    const list = this.assignments.get(keyOf(position, name)) ?? [];
    const initialValue = (): KnownSqlText | undefined => {
      const initial = position.scope.lookup(name)?.symbol.declaration?.initialText;
      return initial === undefined ? undefined : sqlTextOfExpression(initial);
    };
    // the last assignment decides; `l_sql := l_sql || ' where ...'` keeps the start of the one before it
    const appended = new RegExp(`^\\s*${name.replace(/\$/g, '\\$')}\\s*\\|\\|`, 'i');
    let appends = 0;
    for (let i = list.length - 1; i >= 0; i--) {
      const source = this.textIn(list[i]!);
      const value = source.slice(source.indexOf(':=') + 2);
      if (appended.test(value)) {
        appends++;
        continue;
      }
      const known = sqlTextOfExpression(value);
      return known && appends > 0 ? { text: known.text, complete: false } : known;
    }
    const initial = initialValue();
    return initial && appends > 0 ? { text: initial.text, complete: false } : initial;
  }
}

/** A variable belongs to its subprogram (or unit): the same name elsewhere is another variable. */
function keyOf(position: Position, name: string): string {
  const owner = position.subprogram?.range ?? position.unit.range;
  return `${owner.line}:${owner.column}:${name}`;
}
