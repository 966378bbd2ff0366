/**
 * PL/SQL compiled without the optimizer or with debug code, set from code or a script: PLSQL_OPTIMIZE_LEVEL 0 or
 * 1, PLSQL_DEBUG = TRUE, ALTER ... COMPILE DEBUG (the same as level 1), PLSQL_CODE_TYPE = INTERPRETED. Level 2
 * (the default) and 3 rewrite cursor FOR loops to fetch 100 rows at a time and inline calls; level 1 keeps the
 * code as written, so the loops the other rules find get slower still.
 */
import { docPathOf, type Rule } from './rule.ts';
import { lineStartsOf, positionOf, scanPieces, type TextPiece } from './support/literals.ts';
import type { Severity } from '../../syntax/finding.ts';

const id = 'optimizer-level-lowered';

// a value may be quoted, and inside a SQL string literal the quote is doubled (`plsql_code_type = ''INTERPRETED''`)
const SETTINGS: { pattern: RegExp; what: (m: RegExpExecArray) => string; severity: Severity }[] = [
  { pattern: /(?<![$\w])plsql_optimize_level\s*=\s*'{0,2}([01])\b/gi, what: (m) => `PLSQL_OPTIMIZE_LEVEL = ${m[1]}`, severity: 'warning' },
  { pattern: /(?<![$\w])plsql_debug\s*=\s*'{0,2}true\b/gi, what: () => 'PLSQL_DEBUG = TRUE', severity: 'warning' },
  { pattern: /\bcompile\s+(?:(?:body|specification)\s+)?debug\b/gi, what: () => 'COMPILE DEBUG (the same as PLSQL_OPTIMIZE_LEVEL = 1)', severity: 'warning' },
  { pattern: /(?<![$\w])plsql_code_type\s*=\s*'{0,2}interpreted\b/gi, what: () => 'PLSQL_CODE_TYPE = INTERPRETED', severity: 'info' },
];

/** The text with everything but script code (strings, comments) blanked, offsets kept. */
function codeOnly(text: string, pieces: readonly TextPiece[]): string {
  const out = new Array<string>(text.length).fill(' ');
  for (const piece of pieces) if (piece.kind === 'code') for (let i = piece.start; i < piece.end; i++) out[i] = text[i]!;
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') out[i] = '\n';
  return out.join('');
}

const UNIT_KIND = String.raw`(PROCEDURE|FUNCTION|PACKAGE|TRIGGER|TYPE|LIBRARY)`;

/**
 * A script that lowers the level of one unit to compare levels: `ALTER PROCEDURE p COMPILE PLSQL_OPTIMIZE_LEVEL=0`
 * followed, later in the same file, by a recompile of the same unit at level 2 or 3, or by its DROP (a throwaway
 * unit built to measure). What the script leaves behind is compiled at the optimizing level, or gone. `code` is
 * the file's script code only (strings and comments blanked): a recompile written in a string is a procedure's, run
 * when it is called, not the script's.
 */
function restoredLater(code: string, start: number, end: number): string | undefined {
  const text = code;
  const statementStart = Math.max(text.lastIndexOf(';', start), text.lastIndexOf('\n/', start)) + 1;
  const unit = new RegExp(String.raw`\bALTER\s+${UNIT_KIND}\s+(?:BODY\s+)?((?:"?[\w$#]+"?\s*\.\s*)?"?([\w$#]+)"?)\s+COMPILE\b[^;]*$`, 'i')
    .exec(text.slice(statementStart, end));
  if (!unit) return undefined;
  const kind = unit[1]!;
  const name = unit[3]!.replace(/[$]/g, '\\$');
  const later = text.slice(end);
  const same = String.raw`${kind}\s+(?:BODY\s+)?(?:"?[\w$#]+"?\s*\.\s*)?"?${name}"?`;
  if (new RegExp(String.raw`\bALTER\s+${same}\s+COMPILE\b[^;]*\bPLSQL_OPTIMIZE_LEVEL\s*=\s*'?[23]\b`, 'i').test(later)) {
    return `the script recompiles ${unit[2]} at level 2 or 3 further on (it compares optimizer levels)`;
  }
  if (new RegExp(String.raw`\bDROP\s+${same}(?![\w$#])`, 'i').test(later)) return `the script drops ${unit[2]} further on (a unit built to measure, then removed)`;
  return undefined;
}

export const optimizerLevelLowered: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'PL/SQL compiled with the optimizer lowered or debug code on: PLSQL_OPTIMIZE_LEVEL 0/1, PLSQL_DEBUG, COMPILE DEBUG, PLSQL_CODE_TYPE = INTERPRETED.',
    remedy: 'Compile shipped code at PLSQL_OPTIMIZE_LEVEL 2 (the default) or 3, without DEBUG; keep debug builds to development schemas.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      finish() {
        const text = context.text;
        // most files name none of the settings (each names `plsql_` or is a COMPILE ... DEBUG; a bare "debug" is not):
        // skip the scan of their strings
        if (!/plsql_|compile\s/i.test(text)) return;
        let lineStarts: number[] | undefined;
        let code: string | undefined;
        const pieces = scanPieces(text);
        for (const [i, piece] of pieces.entries()) {
          // a quoted value in script code (`plsql_code_type = 'INTERPRETED'`) is the string piece right after the
          // code: the code is read with it, and only settings that start in the code are this piece's
          const next = pieces[i + 1];
          const withValue = piece.kind === 'code' && next?.kind === 'string' && next.start === piece.end + 1;
          const slice = text.slice(piece.start, withValue ? next.end + 1 : piece.end);
          for (const setting of SETTINGS) {
            setting.pattern.lastIndex = 0;
            for (let match = setting.pattern.exec(slice); match; match = setting.pattern.exec(slice)) {
              if (match.index >= piece.end - piece.start) break;
              lineStarts ??= lineStartsOf(text);
              const start = positionOf(lineStarts, piece.start + match.index);
              const end = positionOf(lineStarts, piece.start + match.index + match[0].length);
              const where = piece.kind === 'string' ? 'in a SQL string' : 'in the script';
              const what = setting.what(match);
              const why = setting.severity === 'info'
                ? 'interpreted code is the default, but a unit compiled NATIVE for speed goes back to interpreted here'
                : 'the unit compiles without the optimizations of level 2 (cursor FOR loops fetching 100 rows at a time, inlining, dead-code removal)';
              if (piece.kind === 'code' && setting.severity === 'warning') code ??= codeOnly(text, pieces);
              const restored = code !== undefined && piece.kind === 'code' && setting.severity === 'warning'
                ? restoredLater(code, piece.start + match.index, piece.start + match.index + match[0].length) : undefined;
              context.report({ line: start.line, column: start.column, endLine: end.line, endColumn: end.column }, restored
                ? `${what} ${where}, but ${restored}: nothing is left compiled without the optimizer.`
                : `${what} ${where}: ${why}. Ship code at the default level (2) or 3, and keep debug compilation to development.`,
              { severity: restored ? 'info' : setting.severity });
            }
          }
        }
      },
    };
  },
};
