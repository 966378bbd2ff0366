/**
 * Inline suppression comments:
 *
 *   -- plsql-perf-disable-next-line dml-in-loop, commit-in-loop -- one row per run, measured 2024-05
 *   -- plsql-perf-disable select-into-in-loop -- reason
 *   ...                                  (findings starting on these lines are dropped)
 *   -- plsql-perf-enable select-into-in-loop
 *
 * Also inside block comments (`/* plsql-perf-disable-next-line ... *\/`; "next line" is the line after the
 * comment ends). Rules are separated by commas or blanks; `all` names every rule. The reason after ` -- ` is
 * optional. `enable` without rules ends every open range; a `disable` without `enable` runs to the end of the
 * file. Only real comments count: the scan skips string literals, q-quoted strings and quoted identifiers, so a
 * directive inside `'...'` suppresses nothing. syntax-error and internal-error are never suppressed, not even
 * by `all`: they mean part of the file was not analyzed, which a suppression must not hide.
 */
import type { Finding } from '../syntax/finding.ts';
import { computeLineStarts, isIdentChar, lineEndAt, positionAt, scanWord, skipBlockComment, skipQQuote, skipQuotedIdent, skipString } from '../parser/script/scanner.ts';

export const UNSUPPRESSIBLE_RULES: ReadonlySet<string> = new Set(['syntax-error', 'internal-error']);

export interface SuppressionDirective {
  kind: 'disable-next-line' | 'disable' | 'enable';
  /** Rule ids as written (lower-cased); `all` for every rule; empty only for a bare `enable`. */
  rules: string[];
  reason: string | undefined;
  /** 1-based lines where the comment starts and ends. */
  line: number;
  endLine: number;
}

const DIRECTIVE = /^\s*plsql-perf-(disable-next-line|disable|enable)(?=\s|$)(.*)$/s;

/** Parses one comment's text (without `--` or the block delimiters); undefined when it is no directive. */
export function parseDirective(body: string): Omit<SuppressionDirective, 'line' | 'endLine'> | undefined {
  const m = DIRECTIVE.exec(body);
  if (!m) return undefined;
  const kind = m[1] as SuppressionDirective['kind'];
  let rest = m[2]!;
  let reason: string | undefined;
  const cut = /\s--(\s|$)/.exec(rest);
  if (cut) {
    reason = rest.slice(cut.index + cut[0].length).trim() || undefined;
    rest = rest.slice(0, cut.index);
  }
  const rules = rest.split(/[\s,]+/).filter((r) => r !== '').map((r) => r.toLowerCase());
  if (rules.length === 0 && kind !== 'enable') return undefined; // a disable must say what it disables
  return { kind, rules, reason };
}

/** Every suppression directive in real comments of `text`, in order. */
const SQLPLUS_TEXT_COMMAND = /(?:rem(?:a(?:rk?)?)?|pro(?:m(?:pt?)?)?)(?=[ \t\r\n]|$)(?![ \t]*:=)/iy;

/** Whether the word at `at` is the first of its line and a SQL*Plus REMARK or PROMPT command. */
function startsSqlplusTextLine(text: string, at: number): boolean {
  const c = text.charCodeAt(at) | 32;
  if (c !== 114 && c !== 112) return false; // r, p
  for (let j = at - 1; j >= 0; j--) {
    const b = text.charCodeAt(j);
    if (b === 10 || b === 13) break;
    if (b !== 32 && b !== 9) return false;
  }
  SQLPLUS_TEXT_COMMAND.lastIndex = at;
  return SQLPLUS_TEXT_COMMAND.test(text);
}

export function findDirectives(text: string): SuppressionDirective[] {
  const directives: SuppressionDirective[] = [];
  let lineStarts: number[] | undefined;
  forEachOpaqueSpan(text, (kind, start, end) => {
    if (kind === 'literal') return;
    const closed = kind === 'line-comment' || (text.endsWith('*/', end) && end - start >= 4);
    const body = text.slice(start + 2, closed && kind === 'block-comment' ? end - 2 : end);
    if (!body.includes('plsql-perf-')) return; // the common case: an ordinary comment
    const parsed = parseDirective(body);
    if (!parsed) return;
    lineStarts ??= computeLineStarts(text);
    const line = positionAt(lineStarts, start).line;
    const endLine = positionAt(lineStarts, Math.max(start, end - 1)).line;
    directives.push({ ...parsed, line, endLine });
  });
  return directives;
}

/** What the compiler and SQL*Plus read as one piece the code around it cannot reach into. */
export type OpaqueSpanKind = 'line-comment' | 'block-comment' | 'literal';

/**
 * Calls `visit` for each comment, string literal (also q-quoted and national), quoted identifier and SQL*Plus
 * REMARK or PROMPT line of `text`, in order, with its offsets (`end` exclusive). An unclosed one runs to the end
 * of the text.
 */
export function forEachOpaqueSpan(text: string, visit: (kind: OpaqueSpanKind, start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 45 && text.charCodeAt(i + 1) === 45) { // --
      const eol = lineEndAt(text, i);
      visit('line-comment', i, eol);
      i = eol;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) { // /*
      const end = skipBlockComment(text, i);
      visit('block-comment', i, end);
      i = end;
    } else if (c === 39 || c === 34) { // ' "
      const end = c === 39 ? skipString(text, i) : skipQuotedIdent(text, i);
      visit('literal', i, end);
      i = end;
    } else if (isIdentChar(c)) {
      // REM and PROMPT lines of a script are text to SQL*Plus: an apostrophe there ("it's") starts no string
      if (startsSqlplusTextLine(text, i)) {
        const eol = lineEndAt(text, i);
        visit('literal', i, eol);
        i = eol;
        continue;
      }
      const q = skipQQuote(text, i); // q'[...]' and nq'[...]'
      const end = q > 0 ? q : (c === 110 || c === 78) && text.charCodeAt(i + 1) === 39 ? skipString(text, i + 1) : 0; // n'...'
      if (end > 0) {
        visit('literal', i, end);
        i = end;
      } else {
        i = Math.max(scanWord(text, i), i + 1);
      }
    } else {
      i++;
    }
  }
}

interface Range {
  rules: ReadonlySet<string>;
  from: number;
  to: number;
}

const covers = (rules: ReadonlySet<string>, rule: string): boolean => rules.has(rule) || rules.has('all');

/** Drops the findings that a suppression comment in `text` covers. Cheap when the text has no directive. */
export function applySuppressions(text: string, findings: Finding[]): Finding[] {
  if (findings.length === 0 || !text.includes('plsql-perf-')) return findings;
  const ranges: Range[] = [];
  const open = new Map<string, number>(); // rule -> first suppressed line
  for (const d of findDirectives(text)) {
    if (d.kind === 'disable-next-line') {
      ranges.push({ rules: new Set(d.rules), from: d.endLine + 1, to: d.endLine + 1 });
    } else if (d.kind === 'disable') {
      for (const rule of d.rules) if (!open.has(rule)) open.set(rule, d.line);
    } else {
      const closing = d.rules.length === 0 || d.rules.includes('all') ? [...open.keys()] : d.rules;
      for (const rule of closing) {
        const from = open.get(rule);
        if (from === undefined) continue;
        ranges.push({ rules: new Set([rule]), from, to: d.line });
        open.delete(rule);
      }
    }
  }
  for (const [rule, from] of open) ranges.push({ rules: new Set([rule]), from, to: Number.MAX_SAFE_INTEGER });
  if (ranges.length === 0) return findings;
  return findings.filter(
    (f) => UNSUPPRESSIBLE_RULES.has(f.rule) || !ranges.some((r) => f.line >= r.from && f.line <= r.to && covers(r.rules, f.rule)),
  );
}
