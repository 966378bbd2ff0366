/**
 * Cursors opened inside a loop body. A FETCH in the same loop body as the OPEN of its cursor reads from a cursor
 * opened anew for this iteration: a lookup per iteration (select-into-in-loop), not a row-by-row scan of one
 * result set (row-by-row-fetch), which opens once before the loop that fetches.
 */
import type { StatementNode } from '../../../syntax/model/nodes.ts';
import type { LoopInfo, Position } from '../../semantic/walk.ts';

export interface OpenInLoop {
  statement: StatementNode;
  /** The tables of a declared cursor's query (empty when unknown: a cursor variable, another package's cursor). */
  tables: readonly string[];
}

export class CursorsOpenedInLoop {
  private readonly byLoop = new Map<LoopInfo, Map<string, OpenInLoop>>();

  /** Call for every statement, in walk order. */
  note(statement: StatementNode, position: Position): void {
    const loop = position.loop;
    if (!loop || statement.statementKind !== 'open' || !statement.target) return;
    const cursor = statement.target;
    const tables = position.scope.lookup(cursor)?.symbol.declaration?.query?.tables ?? [];
    let opens = this.byLoop.get(loop);
    if (!opens) this.byLoop.set(loop, (opens = new Map()));
    opens.set(cursor, { statement, tables });
  }

  /** The OPEN, earlier in the same loop body, of the cursor a FETCH reads. */
  openedInThisIteration(cursor: string, position: Position): OpenInLoop | undefined {
    return position.loop ? this.byLoop.get(position.loop)?.get(cursor) : undefined;
  }
}
