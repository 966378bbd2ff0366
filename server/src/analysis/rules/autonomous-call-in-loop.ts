/**
 * A call inside a loop (or a per-row context) that reaches an AUTONOMOUS_TRANSACTION subprogram: usually a
 * logging package whose insert procedure commits on its own. Each call is a transaction with
 * redo, undo and a commit record of its own (see docs/rules/autonomous-call-in-loop.md for the log file sync question).
 */
import { calleesOf, chainFrom, chainRelated, chainText, placeOf } from './support/callChains.ts';
import { docPathOf, type Rule } from './rule.ts';
import { everyFewIterationsGuard } from './support/everyFewIterations.ts';

const id = 'autonomous-call-in-loop';

export const autonomousCallInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A call inside a loop that reaches an AUTONOMOUS_TRANSACTION subprogram (typically logging): a commit and a redo log sync per call.',
    remedy: 'Buffer the rows (log lines) in a collection inside the loop and write them once after it, with one FORALL in one autonomous transaction.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      call(resolved) {
        const { call, position } = resolved;
        const loop = position.loop;
        if (!loop || position.handler || call.context === 'sql') return;
        const callees = calleesOf(context, resolved);
        if (callees.length === 0) return;
        // "on every call": a chain through a conditional call (an error path, an optional step) is not what the call does
        const chain = chainFrom(context, callees, 'autonomous-always');
        if (!chain) return;
        const last = chain.at(-1)!.facts;
        const pragma = `AUTONOMOUS_TRANSACTION at ${placeOf(context, last.file, last.nameRange)}`;
        // a progress log every N rows (`IF MOD(k, 1000) = 0 THEN log(...)`) is a transaction per N rows, as a guarded COMMIT is
        const guard = everyFewIterationsGuard(position.conditions);
        const how = guard ? `every few iterations (when ${guard}), ${loop.estimate.text}` : `${loop.estimate.text}`;
        context.report(call.nameRange,
          `${call.name} runs an autonomous transaction on every call, ${how}: ${chainText(loop, chain)} (${pragma}). ` +
          (guard
            ? 'Each call commits a transaction of its own, but only once every few rows: fewer than one per row.'
            : 'Each call starts and commits a transaction of its own (undo, redo and a commit record per call). Collect the rows in a collection and write them once after the loop with FORALL.'), {
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
            related: [...chainRelated(context, chain), { range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
            ...(guard ? { severity: 'info' as const } : {}),
          });
      },
    };
  },
};
