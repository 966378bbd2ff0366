// Which code "Profile this block" runs: the selection, or the unit under the cursor. An anonymous block runs as
// it is; EXEC/CALL become a BEGIN ... END; block; a subprogram gets a generated call block that the user fills
// in (its arguments cannot be guessed) and then profiles. Uses the syntax model (server/src/syntax).
import { parseScript } from '../../../../server/src/syntax/parseScript.ts';
import type { ParameterNode, SubprogramNode, UnitNode } from '../../../../server/src/syntax/model/nodes.ts';
import type { BlockKind } from '../../../../server/src/profile/profileDocument.ts';

/** 1-based, end column exclusive; an empty selection (start = end) is a cursor. */
export interface EditorSelection { line: number; column: number; endLine: number; endColumn: number }

export interface ProfileTarget {
  kind: BlockKind;
  /** File lines of the code as selected (inclusive). */
  startLine: number;
  endLine: number;
  text: string;
  executedText: string;
  subprogram?: string;
}

export type BlockChoice =
  | { kind: 'run'; target: ProfileTarget }
  | { kind: 'call-block'; subprogram: string; callBlock: string }
  | { kind: 'refused'; reason: string };

/** Marks a generated call block, so profiling it records which subprogram it calls. */
export const CALL_BLOCK_MARK = '-- plsql-perf call block for ';

const NOTHING_HERE = 'put the cursor in an anonymous block (DECLARE/BEGIN ... END;), an EXEC or CALL statement, or a procedure or function, or select one';

export function chooseBlock(documentText: string, selection: EditorSelection): BlockChoice {
  const isCursor = selection.line === selection.endLine && selection.column === selection.endColumn;
  return isCursor ? blockAtCursor(documentText, selection.line) : selectedBlock(documentText, selection);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** A column past the end of its line (editors allow that in selections) means the end of the line. */
function offsetOf(text: string, starts: number[], line: number, column: number): number {
  const start = starts[line - 1] ?? starts[starts.length - 1]!;
  const end = line < starts.length ? starts[line]! - 1 : text.length;
  return Math.min(start + column - 1, end);
}

function selectedBlock(documentText: string, sel: EditorSelection): BlockChoice {
  const starts = lineStarts(documentText);
  const raw = documentText.slice(offsetOf(documentText, starts, sel.line, sel.column), offsetOf(documentText, starts, sel.endLine, sel.endColumn));
  const leading = /^\s*/.exec(raw)![0];
  const text = raw.slice(leading.length).replace(/\s*(\n\s*\/\s*)?$/, '');
  if (!text) return { kind: 'refused', reason: `the selection is empty: ${NOTHING_HERE}` };
  const startLine = sel.line + (leading.match(/\n/g)?.length ?? 0);
  return classify(text, startLine);
}

function blockAtCursor(documentText: string, line: number): BlockChoice {
  const script = parseScript(documentText);
  for (const unit of script.units) {
    const seg = unit.segment;
    if (line < seg.line || line > seg.endLine) continue;
    const model = unit.views[0]?.[0];
    if (model && (model.unitKind === 'procedure' || model.unitKind === 'function' || model.unitKind === 'package' || model.unitKind === 'package-body')) {
      return subprogramCall(model, line);
    }
    const choice = classify(documentText.slice(seg.start, seg.end), seg.line);
    // The segment starts after leading comments: a call block's mark is on the line above it.
    const above = documentText.slice(0, seg.start).split('\n').slice(-2, -1)[0] ?? '';
    const mark = new RegExp(`^${CALL_BLOCK_MARK}(\\S+)`).exec(above);
    if (choice.kind === 'run' && choice.target.kind === 'anonymous-block' && mark) {
      choice.target.kind = 'subprogram';
      choice.target.subprogram = mark[1]!;
    }
    return choice;
  }
  return { kind: 'refused', reason: `no code at line ${line}: ${NOTHING_HERE}` };
}

function classify(text: string, startLine: number): BlockChoice {
  const endLine = startLine + (text.match(/\n/g)?.length ?? 0);
  const binds = bindVariables(text);
  if (binds.length) {
    return { kind: 'refused', reason: `the code uses bind variables (${binds.join(', ')}): replace them with values or declare them as local variables` };
  }
  const code = text.replace(/^(?:\s*(?:--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/))*\s*/, '');
  const head = /^(?:<<\s*\w+\s*>>\s*)?(\w+)/i.exec(code)?.[1]?.toUpperCase();
  if (head === 'DECLARE' || head === 'BEGIN') {
    const target: ProfileTarget = { kind: 'anonymous-block', startLine, endLine, text, executedText: text };
    const mark = new RegExp(`^${CALL_BLOCK_MARK}(\\S+)`, 'm').exec(text);
    if (mark) {
      target.kind = 'subprogram';
      target.subprogram = mark[1]!;
    }
    return { kind: 'run', target };
  }
  const exec = /^(?:EXEC|EXECUTE|CALL)\s+([\s\S]*?)\s*;?\s*$/i.exec(code);
  if (exec && exec[1]) {
    const call = exec[1];
    if (/\binto\s*:/i.test(call)) return { kind: 'refused', reason: 'CALL ... INTO :bind needs a bind variable: write a block that declares the result instead' };
    const name = /^[\w$#."]+/.exec(call)?.[0];
    const target: ProfileTarget = { kind: 'call', startLine, endLine, text, executedText: `begin\n  ${call};\nend;` };
    if (name) target.subprogram = name;
    return { kind: 'run', target };
  }
  if (head === 'CREATE') return { kind: 'refused', reason: 'this is a CREATE statement: put the cursor inside a procedure or function to get a call block, or select a block' };
  return { kind: 'refused', reason: `"${head ?? text.slice(0, 20)}" is not a PL/SQL block: ${NOTHING_HERE}` };
}

/** Bind variables (:name) outside strings and comments; ":=" and "=>" are not binds. */
function bindVariables(text: string): string[] {
  const code = text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/[nN]?[qQ]'(.)[\s\S]*?(.)'/g, (m, open: string, close: string) => (closing(open) === close ? ' ' : m))
    .replace(/'(?:[^']|'')*'/g, ' ')
    .replace(/"[^"]*"/g, ' ');
  return [...new Set([...code.matchAll(/(?<![\w:]):([A-Za-z]\w*)/g)].map((m) => `:${m[1]}`))];
}

function closing(open: string): string {
  return ({ '[': ']', '{': '}', '(': ')', '<': '>' } as Record<string, string>)[open] ?? open;
}

function contains(range: { line: number; endLine: number }, line: number): boolean {
  return line >= range.line && line <= range.endLine;
}

function subprogramCall(unit: UnitNode, line: number): BlockChoice {
  if (unit.unitKind === 'procedure' || unit.unitKind === 'function') {
    return unit.subprogram ? callBlockFor(unit.name, unit.subprogram, unit.range.line) : { kind: 'refused', reason: `${unit.name} could not be read` };
  }
  const sub = unit.subprograms.find((s) => contains(s.range, line));
  if (!sub) return { kind: 'refused', reason: `put the cursor inside one of the subprograms of ${unit.name} to get a call block for it` };
  return callBlockFor(`${unit.name}.${sub.name}`, sub, sub.range.line);
}

/** PL/SQL variables need a length where a parameter type has none. */
function variableType(type: string): string {
  return /^(n?varchar2|varchar|n?char|raw|string)$/i.test(type.trim()) ? `${type.trim()}(32767)` : type.trim();
}

function callBlockFor(name: string, sub: SubprogramNode, line: number): BlockChoice {
  const decl = (p: ParameterNode): string => {
    const init = p.mode === 'out' ? '' : ' := null';
    return `  ${p.name.toLowerCase()} ${variableType(p.type)}${init}; -- ${p.mode.toUpperCase()} ${p.type}${p.hasDefault ? ' (has a default: you may delete it from the call)' : ''}`;
  };
  const args = sub.parameters.map((p) => `${p.name.toLowerCase()} => ${p.name.toLowerCase()}`).join(', ');
  const call = `${name.toLowerCase()}${sub.parameters.length ? `(${args})` : ''}`;
  const lines = [
    `${CALL_BLOCK_MARK}${name} (line ${line}): fill in the arguments, then run "Profile this block" here`,
    'declare',
    ...sub.parameters.map(decl),
  ];
  if (sub.subprogramKind === 'function') lines.push(`  l_result ${variableType(sub.returnType ?? 'varchar2')};`);
  lines.push('begin', sub.subprogramKind === 'function' ? `  l_result := ${call};` : `  ${call};`, 'end;');
  return { kind: 'call-block', subprogram: name, callBlock: `${lines.join('\n')}\n` };
}
