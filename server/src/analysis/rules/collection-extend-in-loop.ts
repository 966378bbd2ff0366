/**
 * `l_tab.EXTEND` (by one) inside a loop (preview, info): the collection grows one element per iteration, each
 * EXTEND a call that may reallocate. EXTEND(n) once before the loop, or BULK COLLECT, fills it in one step.
 */
import { heatOf } from '../semantic/estimate.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'collection-extend-in-loop';

export const collectionExtendInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'preview',
    summary: 'collection.EXTEND by one element inside a loop: the collection grows one call per iteration.',
    remedy: 'Size it once (EXTEND(n) before the loop when n is known), fill it with BULK COLLECT, or use an associative array indexed by the loop counter.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      call({ call, position }) {
        const loop = position.loop;
        if (!loop || position.handler || call.context === 'sql') return;
        // a row trigger collecting its rows (a compound trigger's EACH ROW section) cannot know how many will come:
        // growing by one per row is the pattern that lets AFTER STATEMENT write them with one FORALL
        if (loop.rowContext?.kind === 'trigger') return;
        // a loop of a small known count (`FOR m IN 1 .. 12`, a VARRAY filled to its limit) or one that waits each
        // time round makes a few calls: sizing it first would gain nothing a user could measure
        if (heatOf(loop.estimate) === 'cold') return;
        if (call.parts.length < 2 || call.parts.at(-1) !== 'EXTEND') return;
        if (call.args.length > 1 || (call.args.length === 1 && call.args[0]!.text.trim() !== '1')) return;
        // a method of a collection variable in scope (not a package procedure named EXTEND)
        const head = position.scope.lookup(call.parts[0]!);
        if (!head || head.symbol.kind === 'subprogram') return;
        const collection = call.parts.slice(0, -1).join('.');
        context.report(call.nameRange,
          `${collection}.EXTEND grows the collection by one element ${loop.estimate.text}. Size it once before the loop (EXTEND(n)), fill it with BULK COLLECT, or index an associative array by the loop counter.`, {
            severity: 'info',
          });
      },
    };
  },
};
