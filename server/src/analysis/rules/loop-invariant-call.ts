/**
 * A call inside a loop whose result cannot change from one iteration to the next (preview, info): a pure
 * built-in (UPPER, TO_DATE, REPLACE, ...) or a workspace function declared DETERMINISTIC, whose arguments are
 * only literals and local variables or parameters that the loop never assigns. Computing it once before the loop
 * saves a call per iteration; PL/SQL's optimizer does not hoist calls out of loops on its own.
 */
import type { StatementNode } from '../../syntax/model/nodes.ts';
import type { LoopInfo } from '../semantic/walk.ts';
import { calleesOf } from './support/callChains.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'loop-invariant-call';

const PURE = new Set(`UPPER LOWER INITCAP TRIM LTRIM RTRIM LPAD RPAD SUBSTR INSTR LENGTH REPLACE TRANSLATE
TO_CHAR TO_DATE TO_NUMBER TO_TIMESTAMP REGEXP_REPLACE REGEXP_SUBSTR REGEXP_INSTR REGEXP_LIKE REGEXP_COUNT
ADD_MONTHS LAST_DAY MONTHS_BETWEEN NEXT_DAY ROUND TRUNC ABS CEIL FLOOR POWER SQRT MOD EXP LN LOG`.split(/\s+/).filter(Boolean));
const KEYWORDS = new Set(['NULL', 'TRUE', 'FALSE', 'AND', 'OR', 'NOT', 'IS', 'IN', 'LIKE', 'BETWEEN', 'DEFAULT']);
const COLLECTION_METHOD = /\.\s*(?:extend|trim|delete)\s*(?:\(|$)/i;
const VOLATILE = new Set(['SYSDATE', 'SYSTIMESTAMP', 'CURRENT_DATE', 'CURRENT_TIMESTAMP', 'LOCALTIMESTAMP', 'DBMS_RANDOM', 'SYS_GUID', 'ROWNUM', 'LEVEL', 'SQLCODE', 'SQLERRM']);

/** Names a loop body may change: assignment targets, INTO targets, iterators, arguments of procedure calls. */
function changedIn(statements: readonly StatementNode[], textOf: (s: StatementNode) => string, out: Set<string>): void {
  for (const s of statements) {
    if (s.statementKind === 'assignment' && s.target) out.add(s.target.toUpperCase().replace(/[.(].*$/, ''));
    if (s.statementKind === 'sql') for (const t of s.sql.intoTargets) out.add(t.toUpperCase().replace(/[.(].*$/, ''));
    if (s.statementKind === 'fetch' || s.statementKind === 'execute-immediate') {
      const into = /\binto\s+([\s\S]*?)(\blimit\b|\busing\b|;|$)/i.exec(textOf(s));
      for (const name of into?.[1]?.match(/[A-Za-z][\w$#]*/g) ?? []) out.add(name.toUpperCase());
    }
    // a procedure may change what it is passed (OUT parameters)
    if (s.statementKind === 'call') for (const call of s.calls) for (const arg of call.args) for (const name of arg.text.match(/[A-Za-z][\w$#]*/g) ?? []) out.add(name.toUpperCase());
    // a collection method changes its collection (l_stack.trim; l_list.extend; l_map.delete(k);)
    if (s.statementKind === 'call' && s.target && COLLECTION_METHOD.test(s.target)) out.add(s.target.toUpperCase().replace(/[\s.(].*$/, ''));
    if (s.statementKind === 'if' || s.statementKind === 'case') for (const b of s.branches) changedIn(b.statements, textOf, out);
    if (s.statementKind === 'loop') {
      for (const iterator of s.iterators) out.add(iterator.toUpperCase());
      changedIn(s.statements, textOf, out);
    }
    if (s.statementKind === 'block') {
      changedIn(s.block.statements, textOf, out);
      for (const h of s.block.exceptionHandlers) changedIn(h.statements, textOf, out);
    }
  }
}

/** Whether the text before a call leaves a CASE expression open (`x := case c when 'a' then rpad(`). */
function inCaseExpression(before: string): boolean {
  const words = before.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, '').match(/\b(?:case|end)\b/gi) ?? [];
  let open = 0;
  for (const word of words) open += word.toUpperCase() === 'CASE' ? 1 : open > 0 ? -1 : 0;
  return open > 0;
}

export const loopInvariantCall: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'preview',
    summary: 'A pure built-in or DETERMINISTIC function called inside a loop with arguments the loop never changes: the same result computed every iteration.',
    remedy: 'Compute the value once before the loop into a local variable (or constant) and use that inside the loop.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const changed = new Map<LoopInfo, Set<string>>();
    const changedBy = (loop: LoopInfo) => {
      let set = changed.get(loop);
      if (!set) {
        set = new Set(loop.statement.iterators.map((i) => i.toUpperCase()));
        changedIn(loop.statement.statements, (s) => context.textIn(s.range), set);
        changed.set(loop, set);
      }
      return set;
    };
    return {
      call(resolved) {
        const { call, position } = resolved;
        const loop = position.loop;
        if (!loop || loop.rowContext || position.handler || call.context === 'sql' || call.args.length === 0) return;
        // only the outermost call of an expression (upper(trim(x)) is one finding)
        if (position.statement?.calls.some((c) => c !== call && c.range.line <= call.range.line && c.args.some((a) => a.range.line <= call.range.line && a.range.endLine >= call.range.endLine && (a.range.line < call.range.line || a.range.column <= call.range.column) && (a.range.endLine > call.range.endLine || a.range.endColumn >= call.range.endColumn)))) return;
        const builtin = call.parts.length === 1 && PURE.has(call.name) && resolved.resolution.kind === 'oracle-supplied';
        const deterministic = !builtin && calleesOf(context, resolved).some((f) => f.kind === 'function' && f.properties.includes('DETERMINISTIC'));
        if (!builtin && !deterministic) return;
        const names = call.args.flatMap((a) => (a.text.replace(/'(?:[^']|'')*'/g, "''").match(/[A-Za-z][\w$#]*(?:\s*\.\s*[A-Za-z][\w$#]*)*/g) ?? []));
        const vars = names.map((n) => n.toUpperCase().replace(/\s/g, '')).filter((n) => !KEYWORDS.has(n) && !PURE.has(n));
        if (vars.length === 0) return; // literals only: cheap, and often a format mask
        const varying = changedBy(loop);
        // in a branch chosen per iteration (IF/CASE on what the loop changes, a CASE expression), the call runs only
        // on the iterations that take the branch: hoisting it would compute it even when no iteration does
        const mentionsVarying = (text: string) => (text.match(/[A-Za-z][\w$#]*/g) ?? []).some((n) => varying.has(n.toUpperCase()));
        if (position.conditions.some((c) => mentionsVarying(c) || /^\s*'(?:[^']|'')*'\s*$/.test(c))) return;
        if (position.statement && inCaseExpression(context.textIn({ line: position.statement.range.line, column: position.statement.range.column, endLine: call.range.line, endColumn: call.range.column }))) return;
        for (const name of vars) {
          const head = name.split('.')[0]!;
          if (VOLATILE.has(head) || varying.has(head)) return;
          // only locals and parameters are known not to change behind the loop's back (a package variable may)
          const found = position.scope.lookup(head);
          if (!found) return;
          const { symbol, scope } = found;
          if (!['variable', 'constant', 'parameter'].includes(symbol.kind) || symbol.declaration?.typeText?.toUpperCase().includes('CURSOR')) return;
          if (symbol.kind === 'variable' && scope.owner === 'package') return;
        }
        context.report(call.nameRange,
          `${call.name}(${call.args.map((a) => a.text).join(', ').slice(0, 60)}) gives the same result on every iteration (${loop.estimate.text}): its arguments do not change in the loop. Compute it once before the loop.`, {
            severity: 'info',
          });
      },
    };
  },
};
