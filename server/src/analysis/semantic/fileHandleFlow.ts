/**
 * Where a subprogram writes the UTL_FILE handles it is given. A file opened in one subprogram is often written by
 * another it is passed to (`write_rows(l_file)`, which loops over a cursor and calls UTL_FILE.PUT_LINE on its
 * parameter). For each FILE_TYPE parameter this summary says whether the subprogram writes it, inside which of
 * its own loops, and through which calls (a chain of subprograms of the same unit it passes the handle on to).
 *
 * It works on the model alone (no scopes), so the workspace index keeps it with each definition and a call into
 * another file knows what its callee does with the handle.
 */
import type { CallNode, StatementNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import type { LoopSource } from './estimate.ts';
import { loopSource } from './loops.ts';

export interface FileParameterUse {
  /** The parameter's normalised name and 1-based position. */
  parameter: string;
  position: number;
  /** The loops around the write inside the callee and the subprograms it passes the handle on to, outermost first. */
  loops: LoopSource[];
  /** The subprograms the handle goes through, the callee itself first: `WRITE_ROWS`, `WRITE_LINE`. */
  chain: string[];
  /** The line of the UTL_FILE write at the end of the chain. */
  writeLine: number;
}

const WRITES = new Set(['PUT', 'PUT_LINE', 'PUT_RAW', 'PUTF', 'NEW_LINE', 'PUT_NCHAR', 'PUT_LINE_NCHAR', 'PUTF_NCHAR']);

/** The UTL_FILE write procedure a call names (`UTL_FILE.PUT_LINE`, `SYS.UTL_FILE.PUT`), or undefined. */
export function utlFileWrite(call: CallNode): string | undefined {
  const name = call.name.startsWith('SYS.') ? call.name.slice(4) : call.name;
  if (!name.startsWith('UTL_FILE.')) return undefined;
  const procedure = name.slice('UTL_FILE.'.length);
  return WRITES.has(procedure) ? procedure : undefined;
}

/** The argument a parameter receives: by name, or by position when the call passes it positionally. */
export function argumentFor(call: CallNode, parameter: string, position: number): string | undefined {
  const named = call.args.find((a) => a.name === parameter);
  if (named) return named.text;
  const positional = call.args[position - 1];
  return positional && positional.name === undefined ? positional.text : undefined;
}

/** Subprograms of a unit by name (nested ones too), for calls between them; the first of a name wins. */
export type SubprogramResolver = (call: CallNode) => SubprogramNode | undefined;

export function unitSubprogramResolver(unit: UnitNode): SubprogramResolver {
  const byName = new Map<string, SubprogramNode>();
  const add = (subs: readonly SubprogramNode[]) => {
    for (const sub of subs) {
      if (sub.body && !byName.has(sub.name)) byName.set(sub.name, sub);
      add(sub.subprograms);
      if (sub.body) add(sub.body.subprograms);
    }
  };
  add(unit.subprograms);
  if (unit.subprogram) add([unit.subprogram]);
  const own = unit.name ? unit.name.slice(unit.name.lastIndexOf('.') + 1) : '';
  return (call) => {
    const parts = call.parts;
    if (parts.length === 1) return byName.get(parts[0]!);
    if (parts.length === 2 && parts[0] === own) return byName.get(parts[1]!);
    return undefined;
  };
}

const noValue = () => undefined;
const noText = () => '';
const MAX_DEPTH = 6;

/** What a subprogram does with its UTL_FILE handle parameters (empty when it writes none of them). */
export function fileParameterUses(sub: SubprogramNode, resolve: SubprogramResolver, depth = 0, seen = new Set<SubprogramNode>()): FileParameterUse[] {
  if (!sub.body || depth > MAX_DEPTH || seen.has(sub)) return [];
  const handles = sub.parameters.filter((p) => /\bFILE_TYPE\b/i.test(p.type));
  if (handles.length === 0) return [];
  const positions = new Map(sub.parameters.map((p, i) => [p.name, i + 1]));
  const handleNames = new Set(handles.map((p) => p.name));
  const uses: FileParameterUse[] = [];
  const inner = new Set(seen).add(sub);
  const visitCalls = (calls: readonly CallNode[], loops: LoopSource[]) => {
    for (const call of calls) {
      if (utlFileWrite(call)) {
        const handle = argumentFor(call, 'FILE', 1)?.toUpperCase();
        if (handle && handleNames.has(handle)) uses.push({ parameter: handle, position: positions.get(handle)!, loops, chain: [sub.name], writeLine: call.range.line });
        continue;
      }
      const target = resolve(call);
      if (!target || target === sub) continue;
      for (const use of fileParameterUses(target, resolve, depth + 1, inner)) {
        const passed = argumentFor(call, use.parameter, use.position)?.toUpperCase();
        if (passed && handleNames.has(passed)) {
          uses.push({ parameter: passed, position: positions.get(passed)!, loops: [...loops, ...use.loops], chain: [sub.name, ...use.chain], writeLine: use.writeLine });
        }
      }
    }
  };
  const visit = (statements: readonly StatementNode[], loops: LoopSource[]) => {
    for (const statement of statements) {
      visitCalls(statement.calls, loops);
      switch (statement.statementKind) {
        case 'if':
        case 'case':
          for (const branch of statement.branches) visit(branch.statements, loops);
          break;
        case 'loop':
          visit(statement.statements, [...loops, loopSource(statement, noValue, noText)]);
          break;
        case 'block':
          visit(statement.block.statements, loops);
          for (const handler of statement.block.exceptionHandlers) visit(handler.statements, loops);
          break;
        default:
          break;
      }
    }
  };
  visit(sub.body.statements, []);
  for (const handler of sub.body.exceptionHandlers) visit(handler.statements, []);
  return uses;
}
