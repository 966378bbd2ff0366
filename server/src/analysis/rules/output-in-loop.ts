/**
 * DBMS_OUTPUT.PUT_LINE / PUT / NEW_LINE inside a loop (preview, info). Each call appends to a session buffer that
 * nobody reads until the top-level call returns; left in production code it costs a PL/SQL call per iteration
 * and memory for the lines, and prints nothing while the loop runs. No published measurement: info only.
 */
import { docPathOf, type Rule } from './rule.ts';

const id = 'output-in-loop';
const OUTPUT = new Set(['DBMS_OUTPUT.PUT_LINE', 'DBMS_OUTPUT.PUT', 'DBMS_OUTPUT.NEW_LINE']);

export const outputInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'preview',
    summary: 'DBMS_OUTPUT.PUT_LINE (or PUT, NEW_LINE) inside a loop: a buffered line per iteration that nobody sees until the call returns.',
    remedy: 'Remove the debug output, log once after the loop (a count, a summary), or write through a logger that can be switched off.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    // one finding per loop: the first output call, with the number of calls in that loop
    const first = new Map<object, { call: { nameRange: { line: number; column: number; endLine: number; endColumn: number }; name: string }; count: number; text: string; line: number }>();
    return {
      call({ call, position }) {
        const loop = position.loop;
        if (!loop || position.handler) return;
        const callee = call.name.replace(/^SYS\./, '');
        if (!OUTPUT.has(callee)) return;
        const known = first.get(loop.statement);
        if (known) known.count++;
        else first.set(loop.statement, { call, count: 1, text: loop.estimate.text, line: loop.statement.range.line });
      },
      finish() {
        for (const { call, count, text } of first.values()) {
          const more = count > 1 ? ` (${count} output calls in this loop)` : '';
          context.report(call.nameRange,
            `${call.name.replace(/^SYS\./, '')} runs ${text}${more}: each line goes into the session's output buffer, and nothing is shown until the call returns. ` +
            'Remove the debug output or print a summary after the loop.', { severity: 'info' });
        }
      },
    };
  },
};
