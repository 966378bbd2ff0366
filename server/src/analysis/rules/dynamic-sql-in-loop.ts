/**
 * Dynamic SQL parsed once per loop iteration: EXECUTE IMMEDIATE whose text is built inside the loop (from the
 * loop's values), OPEN ... FOR a dynamic string, and DBMS_SQL.PARSE. Since 10g, PL/SQL keeps the cursor of an
 * EXECUTE IMMEDIATE with the same text open across executions, so invariant text with binds is not reported;
 * ref cursors and DBMS_SQL get no such caching. DDL built per object (DROP TABLE || name) cannot use binds and
 * is not reported.
 */
import type { LoopInfo, Position } from '../semantic/walk.ts';
import { concatenatedValues } from './dynamic-sql-concatenation.ts';
import { AssignmentLog, concatenatedOperands, dynamicExpression, isDdlText, namesIn, plainVariable } from './support/dynamicSql.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'dynamic-sql-in-loop';

function ownerOf(position: Position) {
  return position.subprogram?.range ?? position.unit.range;
}

function within(line: number, loop: LoopInfo): boolean {
  return line >= loop.statement.range.line && line <= loop.statement.range.endLine;
}

/**
 * The names whose value can change from one iteration to the next: the iterators of the loop and of the loops
 * around it, the variables assigned inside the loop, and in a per-row context the row (`:NEW`, `:OLD`) and the
 * function's parameters.
 */
function variantNames(position: Position, loop: LoopInfo, log: AssignmentLog): Set<string> {
  const names = new Set<string>(log.assignedBetween(ownerOf(position), loop.statement.range.line, loop.statement.range.endLine));
  for (let l: LoopInfo | undefined = loop; l; l = l.parent) {
    for (const iterator of l.statement.iterators) names.add(iterator.toUpperCase());
    if (l.rowContext) {
      names.add('NEW').add('OLD');
      for (const p of position.subprogram?.parameters ?? []) names.add(p.name.toUpperCase());
    }
  }
  return names;
}

export const dynamicSqlInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'Dynamic SQL parsed once per loop iteration: EXECUTE IMMEDIATE of text built in the loop, OPEN ... FOR a dynamic string, DBMS_SQL.PARSE.',
    remedy: 'Build the text once before the loop with placeholders and pass the values with USING (or parse once with DBMS_SQL and bind per row); better, one set-based statement.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const log = new AssignmentLog();
    const report = (what: string, range: { line: number; column: number }, loop: LoopInfo, why: string) => {
      context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.column + what.length },
        `${what} ${why}, ${loop.estimate.text}. Build the text once before the loop with placeholders and bind the values (USING), or use one set-based statement.`, {
          loop: { estimate: loop.estimate, line: loop.statement.range.line },
          related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
        });
    };
    return {
      statement(statement, position) {
        if (statement.statementKind === 'assignment' && statement.target) {
          log.record(AssignmentLog.key(ownerOf(position), statement.target), context.textIn(statement.range), statement.range);
          return;
        }
        const loop = position.loop;
        if (!loop || position.handler) return;
        if (statement.statementKind === 'open') {
          const expression = dynamicExpression(context.textIn(statement.range), 'open');
          if (expression) report('OPEN ... FOR', statement.range, loop, 'opens a ref cursor on a dynamic string: parsed on every open (no cursor caching for ref cursors)');
          return;
        }
        if (statement.statementKind !== 'execute-immediate' || statement.literalText !== undefined) return;
        const expression = dynamicExpression(context.textIn(statement.range), 'execute-immediate');
        if (!expression || isDdlText(expression)) return;
        const variable = plainVariable(expression);
        // the text changes per iteration when it is concatenated here, or its variable is assigned inside the loop
        const inLoop = variable ? log.of(AssignmentLog.key(ownerOf(position), variable)).filter((a) => within(a.line, loop)) : [];
        // DDL built in pieces (`l_sql := 'DROP ' || ...; l_sql := l_sql || ' CASCADE'`) cannot use binds
        if (inLoop.some((a) => isDdlText(a.value))) return;
        const built = variable ? inLoop.find((a) => concatenatedOperands(a.value).length > 0) : undefined;
        if (!built && concatenatedOperands(expression).length === 0) return;
        // The same text every iteration is parsed once (PL/SQL keeps the cursor): only text that varies counts.
        // It varies when it grows without being reset (`l := l || x` first in the loop), or reads a value that varies.
        const variant = variantNames(position, loop, log);
        const readsVariant = (text: string, self?: string) => namesIn(text).some((n) => n !== self && variant.has(n));
        const self = variable?.toUpperCase();
        const varies = variable
          ? (inLoop.length > 0 && namesIn(inLoop[0]!.value).includes(self!)) || inLoop.some((a) => readsVariant(a.value, self))
          : readsVariant(expression);
        if (!varies) return;
        const { values } = concatenatedValues(expression, built ? [built] : []);
        const why = values.length > 0
          ? `runs text with ${values.slice(0, 3).join(', ')} concatenated as ${values.length === 1 ? 'a value' : 'values'}, built anew each iteration: a new statement (hard parse) per distinct value`
          : 'runs text built anew each iteration: a parse per iteration';
        report('EXECUTE IMMEDIATE', statement.range, loop, why);
      },
      call({ call, position }) {
        const loop = position.loop;
        if (!loop || position.handler || call.name.replace(/^SYS\./, '') !== 'DBMS_SQL.PARSE') return;
        if (parsesDdlArgument(call.args, position, log, context.textIn)) return; // DDL runs when parsed: the parse is the work
        report('DBMS_SQL.PARSE', call.nameRange, loop, 'parses a statement on every iteration (DBMS_SQL cursors are not cached): parse once before the loop, then bind and execute per row');
      },
    };
  },
};

// Defined below the rule so that the lines above keep the places the mutation entries name.
/** Whether DBMS_SQL.PARSE's statement (its second argument, or the one named STATEMENT) is DDL or a PL/SQL block. */
function parsesDdlArgument(args: readonly ArgumentNode[], position: Position, log: AssignmentLog, textIn: (range: ArgumentNode['range']) => string): boolean {
  // a call without it does not compile: nothing to tell, and the finding stays
  const statement = args.find((a) => a.name === 'STATEMENT') ?? args[1];
  if (statement === undefined) return false;
  const assigned = (variable: string) => log.of(AssignmentLog.key(ownerOf(position), variable)).map((a) => a.value);
  return parsesDdl(statement.text, position, assigned, textIn);
}

import { parsesDdl } from './support/parsedDdl.ts';
import type { ArgumentNode } from '../../syntax/model/nodes.ts';
