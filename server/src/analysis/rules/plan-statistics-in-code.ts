/**
 * Row-source statistics or SQL trace switched on from code: the gather_plan_statistics hint,
 * statistics_level = ALL, _rowsource_statistics_sampfreq, sql_trace = true, event 10046, DBMS_MONITOR /
 * DBMS_SESSION / DBMS_SYSTEM trace calls. They make every row source time itself (seed 002: a 10M-row scan
 * went from 0.57 s to 6.28 s CPU with 20-40 million timer calls); fine while tuning, costly when left in.
 */
import type { SourceRange } from '../../syntax/finding.ts';
import type { CallNode } from '../../syntax/model/nodes.ts';
import { docPathOf, type Rule } from './rule.ts';
import { lineStartsOf, positionOf, scanPieces } from './support/literals.ts';

const id = 'plan-statistics-in-code';

const TRACE_CALLS: Record<string, (call: CallNode) => boolean> = {
  'DBMS_MONITOR.SESSION_TRACE_ENABLE': () => true,
  'DBMS_MONITOR.DATABASE_TRACE_ENABLE': () => true,
  'DBMS_MONITOR.CLIENT_ID_TRACE_ENABLE': () => true,
  'DBMS_MONITOR.SERV_MOD_ACT_TRACE_ENABLE': () => true,
  'DBMS_SESSION.SESSION_TRACE_ENABLE': () => true,
  'DBMS_SESSION.SET_SQL_TRACE': (call) => isTrue(call.args.find((a) => a.name === 'SQL_TRACE') ?? call.args[0]),
  'DBMS_SYSTEM.SET_SQL_TRACE_IN_SESSION': (call) => isTrue(call.args.find((a) => a.name === 'SQL_TRACE') ?? call.args[2]),
  'DBMS_SYSTEM.SET_EV': (call) => call.args[2]?.text === '10046' && call.args[3]?.text !== '0',
  'DBMS_SUPPORT.START_TRACE': () => true,
  'DBMS_SUPPORT.START_TRACE_IN_SESSION': () => true,
};

function isTrue(argument: { text: string } | undefined): boolean {
  return argument?.text.toUpperCase() === 'TRUE';
}

/** Settings that switch on row-source statistics, searched in code (script lines) and string literals. */
const SETTINGS: { pattern: RegExp; what: string; inCode: boolean }[] = [
  { pattern: /\/\*\+[^*]*?\bgather_plan_statistics\b/gi, what: 'The gather_plan_statistics hint', inCode: false },
  { pattern: /\bstatistics_level\s*=\s*'?all\b/gi, what: 'The setting statistics_level = ALL', inCode: true },
  { pattern: /"?_rowsource_statistics_sampfreq"?\s*=/gi, what: 'The parameter _rowsource_statistics_sampfreq', inCode: true },
  { pattern: /\bsql_trace\s*=\s*true\b/gi, what: 'The setting sql_trace = TRUE', inCode: true },
  { pattern: /\b10046\s+trace\s+name\s+context\s+forever/gi, what: 'Event 10046 (SQL trace)', inCode: false },
];

/**
 * A whole hint comment to remove, with one of the blanks around it, so `SELECT /*+ ... *\/ x` becomes
 * `SELECT x`, not `SELECT  x`: the following blank, else the preceding one (a comment at the end of a line).
 * Written between two words without blanks (`SELECT/*+ ... *\/COUNT(*)`), it becomes one blank, not `SELECTCOUNT`.
 */
function withOneSpace(text: string, range: SourceRange): { range: SourceRange; newText: string } {
  const lineText = text.split('\n', range.line)[range.line - 1] ?? '';
  if (range.endLine !== range.line) return { range, newText: '' };
  const before = lineText[range.column - 2];
  const after = lineText[range.endColumn - 1];
  if (after === ' ' && (before === ' ' || before === undefined)) return { range: { ...range, endColumn: range.endColumn + 1 }, newText: '' };
  if (before === ' ' && (after === undefined || after === '\r')) return { range: { ...range, column: range.column - 1 }, newText: '' };
  return { range, newText: before !== undefined && after !== undefined && /\S/.test(before) && /\S/.test(after) ? ' ' : '' };
}

const WHY = 'it makes every row source time itself (about 10x the CPU on a 10M-row scan in a published measurement). Remove it before the code ships, or guard it behind a debug switch.';

export const planStatisticsInCode: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'Row-source statistics or SQL trace switched on in code: gather_plan_statistics, statistics_level = ALL, sql_trace, event 10046, trace calls.',
    remedy: 'Remove the hint, setting or trace call from shipped code (use it only in a tuning session).',
    fixKind: 'safe',
    docPath: docPathOf(id),
    scriptSeverity: 'info',
  },
  create(context) {
    return {
      hint(hint) {
        const match = /\bgather_plan_statistics\b/i.exec(hint.text);
        if (!match) return;
        const raw = context.textIn(hint.range);
        const at = raw.search(/\bgather_plan_statistics\b/i);
        const onlyHint = hint.text.trim().toLowerCase() === 'gather_plan_statistics';
        // the whole comment when it holds nothing else, else just the word (and one space after it)
        const wordEnd = at + 'gather_plan_statistics'.length + (raw[at + 'gather_plan_statistics'.length] === ' ' ? 1 : 0);
        const edit = onlyHint || hint.range.line !== hint.range.endLine
          ? withOneSpace(context.text, hint.range)
          : { range: { line: hint.range.line, column: hint.range.column + at, endLine: hint.range.line, endColumn: hint.range.column + wordEnd }, newText: '' };
        context.report(hint.range, `The gather_plan_statistics hint turns on row-source statistics for this statement: ${WHY}`, {
          fix: onlyHint || hint.range.line === hint.range.endLine ? { kind: 'safe', title: 'Remove the gather_plan_statistics hint', edits: [edit] } : undefined,
        });
      },
      call({ call }) {
        const callee = call.name.startsWith('SYS.') ? call.name.slice(4) : call.name;
        const check = TRACE_CALLS[callee];
        if (!check || !check(call)) return;
        context.report(call.nameRange, `${callee} switches on SQL trace, which turns on row-source statistics for every statement: ${WHY}`);
      },
      finish() {
        const text = context.text;
        // most files name none of the settings: skip the scan of their strings
        // (every setting below names `statistics`, `sql_trace` or 10046: the short test reads a long text 6x faster)
        if (!/statistics|sql_trace|10046/i.test(text)) return;
        let lineStarts: number[] | undefined;
        const pieces = context.codeRanges.flatMap((range) => scanPieces(text.slice(range.start, range.end)).map((p) => ({ ...p, start: p.start + range.start, end: p.end + range.start })));
        for (const piece of pieces) {
          const slice = text.slice(piece.start, piece.end);
          for (const setting of SETTINGS) {
            if (piece.kind === 'code' && !setting.inCode) continue;
            setting.pattern.lastIndex = 0;
            for (let match = setting.pattern.exec(slice); match; match = setting.pattern.exec(slice)) {
              lineStarts ??= lineStartsOf(text);
              const offset = piece.start + match.index + (match[0].startsWith('/*+') ? match[0].search(/gather_plan_statistics/i) : 0);
              const length = match[0].startsWith('/*+') ? 'gather_plan_statistics'.length : match[0].length;
              const start = positionOf(lineStarts, offset);
              const end = positionOf(lineStarts, offset + length);
              const where = piece.kind === 'string' ? 'in a SQL string' : 'in the script';
              context.report({ line: start.line, column: start.column, endLine: end.line, endColumn: end.column }, `${setting.what} ${where}: ${WHY}`);
            }
          }
        }
      },
    };
  },
};
