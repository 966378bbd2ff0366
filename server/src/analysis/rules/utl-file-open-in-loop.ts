/**
 * UTL_FILE.FOPEN (or FCLOSE) inside a loop for a file whose name does not change per iteration: the same file
 * is opened and closed again for every row (an open(), a close() and a flush of the buffer each time), where one
 * open before the loop and one close after it would do. A loop that writes one file per row (the name built from
 * the row) is not reported.
 */
import type { CallNode, StatementNode } from '../../syntax/model/nodes.ts';
import type { LoopInfo } from '../semantic/walk.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'utl-file-open-in-loop';
const OPENS = new Set(['UTL_FILE.FOPEN', 'UTL_FILE.FOPEN_NCHAR']);

function argument(call: CallNode, name: string, position: number) {
  return call.args.find((a) => a.name === name) ?? (call.args[position - 1]?.name === undefined ? call.args[position - 1] : undefined);
}

/** Names (upper case) read by an expression. */
function namesIn(text: string): string[] {
  return (text.replace(/'(?:[^']|'')*'/g, "''").match(/[A-Za-z][\w$#]*/g) ?? []).map((n) => n.toUpperCase());
}

/**
 * The names a statement may give a new value (upper case, every part of a dotted name): the target of an
 * assignment, the INTO variables of SELECT, FETCH and EXECUTE IMMEDIATE (with its USING binds, which may be OUT),
 * and the plain-name arguments of a procedure call (`utl_file.get_line(l_list, l_name)`, `next_name(l_name)`: they
 * may be OUT parameters). A file name read from a table, a list file or a procedure changes per iteration.
 */
function assignedBy(statement: StatementNode, text: () => string): string[] {
  switch (statement.statementKind) {
    case 'assignment':
      return statement.target ? namesIn(statement.target) : [];
    case 'sql':
      return statement.sql.intoTargets.flatMap(namesIn);
    case 'fetch':
    case 'execute-immediate': {
      const into = /\bINTO\b([\s\S]*)$/i.exec(text().replace(/'(?:[^']|'')*'/g, "''"));
      return into ? namesIn(into[1]!) : [];
    }
    case 'call':
      return statement.calls.filter((c) => c.context === 'statement')
        .flatMap((c) => c.args.filter((a) => /^[A-Za-z][\w$#]*(\.[A-Za-z][\w$#]*)*$/.test(a.text)).flatMap((a) => namesIn(a.text)));
    default:
      return [];
  }
}

export const utlFileOpenInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'UTL_FILE.FOPEN inside a loop for the same file every iteration: the file is opened, flushed and closed once per row.',
    remedy: 'Open the file once before the loop and close it once after it (and in the exception handler).',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    // variables given a value anywhere inside each loop (before or after the FOPEN: a name set at the end of the
    // body is the next iteration's): a file name built in the loop changes per iteration
    const assignedIn = new Map<LoopInfo, Set<string>>();
    const opens: { call: CallNode; callee: string; loop: LoopInfo; names: string[]; filename: string }[] = [];
    return {
      statement(statement, position) {
        if (!position.loop) return;
        const names = assignedBy(statement, () => context.textIn(statement.range));
        if (names.length === 0) return;
        for (let loop: LoopInfo | undefined = position.loop; loop; loop = loop.parent) {
          const set = assignedIn.get(loop) ?? new Set<string>();
          for (const name of names) set.add(name);
          assignedIn.set(loop, set);
        }
      },
      call({ call, position }) {
        const loop = position.loop;
        if (!loop || position.handler) return;
        const callee = call.name.replace(/^SYS\./, '');
        if (!OPENS.has(callee)) return;
        const location = argument(call, 'LOCATION', 1);
        const filename = argument(call, 'FILENAME', 2);
        if (!location || !filename) return;
        opens.push({ call, callee, loop, names: [...namesIn(location.text), ...namesIn(filename.text)], filename: filename.text });
      },
      finish() {
        for (const { call, callee, loop, names, filename } of opens) {
          const varying = new Set<string>([...loop.statement.iterators.map((i) => i.toUpperCase()), ...(assignedIn.get(loop) ?? [])]);
          if (names.some((n) => varying.has(n))) continue;
          context.report(call.nameRange,
            `${callee} opens the same file (${filename}) ${loop.estimate.text}: each iteration opens, flushes and closes it again. Open it once before the loop and close it after.`, {
              loop: { estimate: loop.estimate, line: loop.statement.range.line },
              related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
            });
        }
      },
    };
  },
};
