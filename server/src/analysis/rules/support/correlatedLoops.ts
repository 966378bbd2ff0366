/**
 * A data-sized loop inside another whose query follows the outer loop's row: `FOR d IN c_depts LOOP FOR e IN
 * c_emps(d.dept_id) LOOP ... UPDATE ...` (a parameter, a field of the outer record, or a variable the outer body
 * sets from it, in the inner loop's header, query or declared cursor). The inner query reads the outer row's part
 * of its table: over the whole run the statement inside runs about once per row of the inner table, not rows
 * times rows. The hand-made join itself is nested-cursor-loop's finding; here only the heat of the statement in
 * the inner loop changes (warm, not hot), the message keeps the nesting.
 */
import type { LoopStatementNode, Range } from '../../../syntax/model/nodes.ts';
import { estimateOf, type IterationEstimate, type LoopSource } from '../../semantic/estimate.ts';
import type { Scope } from '../../semantic/scope.ts';
import type { LoopInfo } from '../../semantic/walk.ts';
import { ownStatements } from './batchedDml.ts';

export type TextIn = (range: Range) => string;

const dataSized = (source: LoopSource) => source.kind === 'rows' || source.kind === 'batches' || source.kind === 'elements';

const escaped = (name: string) => name.replace(/[$.]/g, (c) => `\\${c}`);

function mentions(text: string, names: ReadonlySet<string>): boolean {
  for (const name of names) if (new RegExp(`(?<![\\w$#.])${escaped(name)}(?![\\w$#])`, 'i').test(text)) return true;
  return false;
}

/**
 * The names whose value changes with each iteration of a loop: its iterators (the record or index), and the
 * variables and record fields its statements set from them (`l_dept := d.dept_id;`, `SELECT id INTO l_id ... WHERE
 * key = d.key`, `INSERT ... RETURNING id INTO l_id`, a collection BULK COLLECTed with them). In a trigger, :NEW, :OLD.
 */
function iterationNames(loop: LoopInfo, textIn: TextIn, names: Set<string>): void {
  if (loop.rowContext) {
    if (loop.rowContext.kind === 'trigger') names.add(':NEW').add(':OLD');
    return;
  }
  for (const iterator of loop.statement.iterators) names.add(iterator.toUpperCase());
  const own = [...ownStatements(loop.statement.statements)];
  // twice: a variable set from one that was set from the record
  for (let pass = 0; pass < 2; pass++) {
    for (const statement of own) {
      if (statement.statementKind === 'assignment' && statement.target && /^[A-Za-z][\w$#]*(?:\.[A-Za-z][\w$#]*)?$/.test(statement.target)) {
        const value = /:=([\s\S]*)$/.exec(textIn(statement.range))?.[1] ?? '';
        if (mentions(value, names)) names.add(statement.target.toUpperCase());
      } else if (statement.statementKind === 'sql' && statement.sql.intoTargets.length > 0
        && mentions(textIn(statement.range), names)) {
        for (const target of statement.sql.intoTargets) if (/^[A-Za-z][\w$#]*(?:\.[A-Za-z][\w$#]*)?$/.test(target)) names.add(target.toUpperCase());
      } else if (statement.statementKind === 'fetch' && ownCursor(loop) === statement.cursorName.toUpperCase()) for (const target of fetchTargets(textIn(statement.range))) names.add(target);
    }
  }
}

/** What the inner loop reads, as written: its header (cursor arguments), its inline query, its declared cursor's query. */
function queryText(loop: LoopInfo, scope: Scope, textIn: TextIn): string {
  const statement: LoopStatementNode = loop.statement;
  const source = loop.source;
  const cursorName = statement.cursorName ?? (source.kind === 'rows' || source.kind === 'batches' ? /^cursor (.+)$/.exec(source.of)?.[1] : undefined);
  const declaration = cursorName ? scope.lookup(cursorName)?.symbol.declaration : undefined;
  return [
    statement.header,
    statement.query ? textIn(statement.query.range) : '',
    declaration?.declarationKind === 'cursor' ? declaration.argumentsText ?? '' : '',
  ].join('\n');
}

/**
 * The estimate for the heat of a statement in `loop` when an inner data-sized loop follows the row of a loop
 * around it: that inner loop counts once (it reads the outer row's part), so rows of a correlated inner query
 * per row of the outer one are warm, not hot. Undefined when no loop is so correlated (use the loop's own estimate).
 */
export function partitionedEstimate(loop: LoopInfo, scope: Scope, textIn: TextIn): IterationEstimate | undefined {
  const chain: LoopInfo[] = [];
  for (let l: LoopInfo | undefined = loop; l; l = l.parent) chain.unshift(l);
  if (chain.filter((l) => dataSized(l.source)).length < 2) return undefined;
  const names = new Set<string>();
  let correlated = false;
  const sources = chain.map((l, index) => {
    const follows = index > 0 && !l.rowContext && dataSized(l.source) && chain.slice(0, index).some((o) => dataSized(o.source) || o.rowContext)
      && mentions(queryText(l, scope, textIn), names);
    iterationNames(l, textIn, names);
    if (!follows) return l.source;
    correlated = true;
    return { kind: 'single', of: l.source.kind === 'count' || l.source.kind === 'unknown' ? '' : l.source.of } satisfies LoopSource;
  });
  if (!correlated) return undefined;
  const estimate = estimateOf(sources);
  return { ...loop.estimate, count: estimate.count, perRowOf: estimate.perRowOf, perBatchOf: estimate.perBatchOf, perElementOf: estimate.perElementOf, unknownLoops: estimate.unknownLoops };
}

// Defined below the estimate so that the lines above keep the places the mutation entries name.
/** The cursor a basic loop fetches its rows from (`FETCH c INTO ...; EXIT WHEN c%NOTFOUND`), upper case. */
function ownCursor(loop: LoopInfo): string | undefined {
  const source = loop.source;
  return source.kind === 'rows' || source.kind === 'batches' ? /^cursor (.+)$/.exec(source.of)?.[1]?.toUpperCase() : undefined;
}

/** The plain names a FETCH writes (`FETCH c INTO a, r.b`), upper case: the outer row of a loop over that cursor. */
function fetchTargets(text: string): string[] {
  const into = /\bINTO\s+([\s\S]+?)\s*(?:\bLIMIT\b[\s\S]*)?;?\s*$/i.exec(text)?.[1] ?? '';
  return into.split(',').map((t) => t.trim()).filter((t) => /^[A-Za-z][\w$#]*(?:\.[A-Za-z][\w$#]*)?$/.test(t)).map((t) => t.toUpperCase());
}
