/**
 * A unit whose body runs to hundreds of thousands of statements (generated code, a data load written as one
 * block) is parsed a run of statements at a time: the parser holds every token and the whole parse tree of
 * what it parses until the model is built, and for one block of 300,000 assignments that was 180 MB of tokens
 * and 520 MB of tree for a 60 MB model. Here the unit is parsed once with its statements blanked out (its
 * declarations, handlers and shape), then each run of statements on its own, and the runs' statements are put
 * into the body: the same model, with the tokens and tree of one run alive at a time.
 *
 * Only bodies that parse without an error are assembled this way; anything else (an error, conditional
 * compilation, a structure the scan cannot follow) is parsed whole, as before.
 */
import type { BlockNode, StatementNode, UnitNode } from './model/nodes.ts';
import type { SegmentOrigin } from './model/build/buildContext.ts';
import { buildItem, type CachedTextParser, type TextParse } from './parseByItems.ts';
import { splitBodyStatements } from '../parser/script/splitBodyStatements.ts';
import { computeLineStarts, positionAt } from '../parser/script/scanner.ts';

/** Units shorter than this are parsed whole: their tree is small, and the split would only cost a scan. */
export const LONG_BODY_MIN_CHARS = 256 * 1024;
/** About this much code per run of statements. */
const RUN_CHARS = 32 * 1024;

const PLACEHOLDER = 'null;';

/**
 * The same text with every character but line breaks made a space: positions stay where they were. (A regular
 * expression replacing each character noted every match first: about 30 bytes per character of the body.)
 */
function blanked(text: string): string {
  const bytes = Buffer.alloc(text.length, 0x20);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) bytes[i] = 10;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) bytes[i] = 13;
  return bytes.toString('latin1');
}

const isLineBreak = (c: number) => c === 10 || c === 13;

/**
 * Code made one comment of the same length and lines (one hidden token: blanks alone made the lexer a token per
 * line, 300,000 of them, most of the skeleton's memory), or blanks where the comment's marks would replace a line
 * break.
 */
function hidden(code: string): string {
  const n = code.length;
  if (n < 4 || isLineBreak(code.charCodeAt(0)) || isLineBreak(code.charCodeAt(1)) || isLineBreak(code.charCodeAt(n - 2)) || isLineBreak(code.charCodeAt(n - 1))) return blanked(code);
  return `/*${blanked(code.slice(2, n - 2))}*/`;
}

export function parseLongBody(text: string, origin: SegmentOrigin, parse: CachedTextParser, minChars = LONG_BODY_MIN_CHARS): TextParse | null {
  if (text.length < minChars) return null;
  const split = splitBodyStatements(text);
  if (!split || split.starts.length < 2) return null;
  const first = split.starts[0]!;
  const end = split.ends[split.ends.length - 1]!;
  if (end - first < PLACEHOLDER.length) return null;
  const lineStarts = computeLineStarts(text);
  const at = positionAt(lineStarts, first);
  // (a run is parsed after a line of its own: the segment's first line, which has the origin's column, cannot start one)
  if (at.line === 1) return null;

  // The unit with one NULL statement where its statements were.
  const skeleton = parse(text.slice(0, first) + PLACEHOLDER + hidden(text.slice(first + PLACEHOLDER.length, end)) + text.slice(end), 'segment', origin);
  if (skeleton.errors.length > 0 || skeleton.views.length !== 1) return null;
  const line = origin.line + at.line - 1;
  const column = at.column; // not the segment's first line: columns are the line's own
  const bodies = new Set<BlockNode>();
  for (const unit of skeleton.views[0] ?? []) {
    for (const body of [unit.body, unit.subprogram?.body]) {
      const only = body?.statements.length === 1 ? body.statements[0]! : undefined;
      if (body && only && only.statementKind === 'null' && only.range.line === line && only.range.column === column) bodies.add(body);
    }
  }
  if (bodies.size === 0) return null;

  const statements: StatementNode[] = [];
  for (let from = 0; from < split.starts.length;) {
    let to = from;
    while (to + 1 < split.starts.length && split.ends[to]! - split.starts[from]! < RUN_CHARS) to++;
    const start = split.starts[from]!;
    const lineStart = lineStarts[positionAt(lineStarts, start).line - 1]!;
    const runLine = origin.line + positionAt(lineStarts, start).line - 1;
    // `begin` on a line of its own, then the run at its own line and column
    const run = `begin\n${blanked(text.slice(lineStart, start))}${text.slice(start, split.ends[to]!)}\nend;`;
    const parsed = parse(run, 'packageBodyItem', { line: runLine - 1, column: 1 }, buildItem);
    const holder: UnitNode | undefined = parsed.views.length === 1 ? parsed.views[0]![0] : undefined;
    if (parsed.errors.length > 0 || !holder?.body || holder.body.exceptionHandlers.length > 0) return null;
    for (const statement of holder.body.statements) statements.push(statement);
    from = to + 1;
  }
  for (const body of bodies) body.statements = statements;
  return { origin, views: skeleton.views, errors: [] };
}
