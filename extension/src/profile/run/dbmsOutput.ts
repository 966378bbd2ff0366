// DBMS_OUTPUT around the block: enabled (unlimited buffer) before it, drained line by line after it (the
// node-oracledb get_line pattern; lines are only available once the call has completed).
import type { DbSession } from './dbSession.ts';

export const ENABLE_OUTPUT_SQL = 'begin dbms_output.enable(null); end;';
export const GET_LINE_SQL = 'begin dbms_output.get_line(:line, :status); end;';
/** A runaway loop of put_line must not stall the run: later lines are counted, not kept. */
export const MAX_OUTPUT_LINES = 10000;

export async function enableOutput(db: DbSession): Promise<void> {
  await db.execute(ENABLE_OUTPUT_SQL);
}

export async function drainOutput(db: DbSession): Promise<string[]> {
  const lines: string[] = [];
  for (;;) {
    const out = await db.execute(GET_LINE_SQL, {
      line: { dir: 'out', type: 'string', maxSize: 32767 },
      status: { dir: 'out', type: 'number' },
    });
    if (Number(out.status) !== 0) break;
    if (lines.length === MAX_OUTPUT_LINES) {
      lines.push(`... more DBMS_OUTPUT lines were not kept (limit ${MAX_OUTPUT_LINES})`);
      // Disabling drops the rest of the buffer instead of fetching it line by line.
      await db.execute('begin dbms_output.disable; dbms_output.enable(null); end;');
      break;
    }
    lines.push(out.line === null || out.line === undefined ? '' : String(out.line));
  }
  return lines;
}
