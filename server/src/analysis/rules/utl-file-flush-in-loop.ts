/**
 * UTL_FILE.FFLUSH, or PUT_LINE / PUT_LINE_NCHAR / PUTF with autoflush TRUE, inside a loop: UTL_FILE buffers its
 * writes, and a flush per line turns every line into its own write() system call.
 */
import type { CallNode } from '../../syntax/model/nodes.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'utl-file-flush-in-loop';
// not PUT_RAW: a raw chunk (up to 32767 bytes) flushed per call is one write per chunk, as a full buffer would be
const AUTOFLUSH_POSITION: Record<string, number> = { 'UTL_FILE.PUT_LINE': 3, 'UTL_FILE.PUT_LINE_NCHAR': 3 };

function autoflush(call: CallNode, callee: string): boolean {
  const position = AUTOFLUSH_POSITION[callee];
  if (!position) return false;
  const arg = call.args.find((a) => a.name === 'AUTOFLUSH') ?? (call.args[position - 1]?.name === undefined ? call.args[position - 1] : undefined);
  return arg?.text.toUpperCase() === 'TRUE';
}

export const utlFileFlushInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'UTL_FILE.FFLUSH (or autoflush => TRUE) inside a loop: a write system call per line instead of one per buffer.',
    remedy: 'Let UTL_FILE buffer the lines: flush (or close) once after the loop, or every few thousand lines if a reader needs progress.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      call({ call, position }) {
        const loop = position.loop;
        if (!loop || position.handler) return;
        const callee = call.name.replace(/^SYS\./, '');
        const flushes = callee === 'UTL_FILE.FFLUSH' ? 'FFLUSH' : autoflush(call, callee) ? `${callee.slice('UTL_FILE.'.length)} with autoflush TRUE` : undefined;
        if (!flushes) return;
        // a loop that writes chunks (PUT_RAW, or PUT without a line end, which must be flushed before the line
        // exceeds max_linesize or the write fails with ORA-29285) flushes a chunk at a time: that flush is needed
        if (callee === 'UTL_FILE.FFLUSH' && !loop.rowContext && /\bput_raw\b|\butl_file\s*\.\s*put\s*\(/i.test(context.textIn(loop.statement.range))) return;
        // a flush every N lines (IF MOD(i, 1000) = 0) is the remedy, not the problem
        if (position.conditions.some((c) => /\b(MOD|REMAINDER)\s*\(/i.test(c))) return;
        context.report(call.nameRange,
          `UTL_FILE ${flushes} ${loop.estimate.text}: every flush is a write() system call for whatever is buffered, so each line is written on its own. Flush once after the loop.`, {
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
            related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
          });
      },
    };
  },
};
