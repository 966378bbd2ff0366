/**
 * SQL*Plus / SQLcl script segmenter: a fast, line-oriented pre-pass that splits a script into SQL*Plus commands,
 * plain SQL statements and PL/SQL units before the ANTLR lexer sees them.
 *
 * Longer than our usual file on purpose: it is one state machine over one pass of the text (the rules below share
 * the scan position and the last two words), and splitting it would put the hot loop behind calls between files.
 *
 * One linear pass over the characters. It knows `--` and `/* *\/` comments, string literals (`'..''..'`, `n'..'`,
 * `q'[..]'`, `nq'{..}'`), and quoted identifiers, so a `/` line or a `;` inside any of them terminates nothing.
 * It never throws: unterminated strings and comments run to the end of the text.
 *
 * Rules (see SqlPlusSegment / CodeSegment for the shapes):
 * - At a statement start that is the first thing on its line, a SQL*Plus/SQLcl command word (with SQL*Plus's
 *   minimum abbreviations), `@`, `@@`, `$`, `!`, `?` makes a command that runs to the end of the line, plus
 *   continuation lines while a line ends in `-` (not for REMARK). `SET TRANSACTION|ROLE|CONSTRAINT(S)` is SQL.
 * - A lone `/` line ends the pending code segment, or is a `slash` command when nothing is pending. A lone `.`
 *   line ends the pending code segment without running it (terminator 'slash' too).
 * - PL/SQL (CREATE package/procedure/function/trigger/type/library/java, DECLARE, BEGIN, `<<label>>`,
 *   WITH FUNCTION/PROCEDURE) ends at a `/` line, or (recovery, 'next-statement') before a line starting with
 *   CREATE, or before a line starting with an unambiguous SQL*Plus command when the code so far ends with `;`.
 * - SQL ends after a `;` (included), at a `/` line, or at the end of the text.
 * - Wrapped units (`create ... <name> wrapped`) and Java sources are not tokenised after their header: only a
 *   `/` (or `.`) line ends them.
 *
 * Size: over 600 lines on purpose. Most of it is one state machine (the Segmenter class) whose states share
 * the scan position and the pending segment; splitting it would pass that state around. Character helpers,
 * the command table and unit classification already live in their own files.
 */
import * as scanner from './scanner.ts';
import { MAX_WORDS, classify, isWrapped } from './classifyUnit.ts';
import type { Classification } from './classifyUnit.ts';
import { inlineMleBodyLength, precedesInlineMleBody } from '../mleInlineBody.ts';
import { RECOVERY_COMMANDS, isSqlSetWord, lookupCommand } from './sqlplusCommands.ts';

// Scanner functions bound once (calls through a module namespace or live import binding cost a getter per call
// under some loaders, which shows in the hot loop).
const {
  computeLineStarts,
  keywordAt,
  keywordTable,
  isBlank,
  isIdentChar,
  isLetter,
  lineEndAt,
  nextLineStart,
  normalizeWord,
  positionAt,
  scanWord,
  skipBlanks,
  skipBlockComment,
  skipQQuote,
  skipString,
  trimEnd,
} = scanner;

// Character codes (module-local: cross-module constant imports are live bindings, slow in hot loops).
const CH_AMP = 38;
const CH_AT = 64;
const CH_BANG = 33;
const CH_CR = 13;
const CH_DOLLAR = 36;
const CH_DOT = 46;
const CH_DQUOTE = 34;
const CH_GT = 62;
const CH_HASH = 35;
const CH_LBRACE = 123;
const CH_LF = 10;
const CH_LT = 60;
const CH_MINUS = 45;
const CH_QUOTE = 39;
const CH_SEMI = 59;
const CH_LPAREN = 40;
const CH_COMMA = 44;
const CH_SLASH = 47;
const CH_STAR = 42;

export type CodeKind = 'plsql' | 'sql';
export type Terminator = 'slash' | 'semicolon' | 'eof' | 'next-statement';

export interface CodeSegment {
  kind: 'code';
  /** plsql: CREATE package/procedure/function/trigger/type/library/java, DECLARE, BEGIN, <<label>>,
   * WITH FUNCTION/PROCEDURE; sql: anything else. */
  codeKind: CodeKind;
  /** UTF-16 offset of the first character of the statement (after leading whitespace/comments). */
  start: number;
  /** Exclusive. Includes the terminating ';' of a SQL statement; excludes the '/' line and trailing comments. */
  end: number;
  line: number;
  column: number;
  /** 1-based position just after the last character (exclusive column). */
  endLine: number;
  endColumn: number;
  terminator: Terminator;
  /** Up to 6 upper-cased leading words (quoted identifiers keep their case), e.g.
   * ['CREATE','OR','REPLACE','PACKAGE','BODY','UT_RUNNER']; a leading label is one word, '<<NAME>>'. */
  firstWords: string[];
  /** A wrapped (obfuscated) unit: `create ... <name> wrapped`. */
  wrapped: boolean;
}

export interface SqlPlusSegment {
  kind: 'sqlplus';
  /** Canonical lower-case command name: the full SQL*Plus/SQLcl command word ('set', 'prompt', 'define',
   * 'execute', 'describe', 'timing', 'variable' ...), 'exit' (also for QUIT), 'start' (for @ and START),
   * 'start-relative' (for @@), 'host' (also for $ and !), 'help' (also for ?), 'slash' (a lone '/' line that
   * ended nothing), 'other-sqlplus' (a lone '.' line that ended nothing). */
  command: string;
  /** The whole command text, continuation lines included, excluding the final newline and trailing blanks. */
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Where the arguments start (after the command word and blanks); equals `end` when there are none. */
  argsStart: number;
}

export type ScriptSegment = CodeSegment | SqlPlusSegment;

const FIRST_WORDS = 6;

/** The state a code segment's scan starts in (its offsets are set from the segment's start). */
const FRESH_SCAN: CodeScanState = {
  start: 0, words: [], cls: undefined, wrapped: false, wrappedKnown: false, raw: false, lastSigEnd: 0,
  afterSemicolon: false, endsBlock: false, depth: 0, openSections: [], inSubprogramHeader: false, afterEnd: false,
  blankBefore: false, t1s: -1, t1e: -1, t1w: false, t2s: -1, t2e: -1, t2w: false,
};

/** The words that open and close blocks, for the nesting depth that tells a unit's closing END. */
const END_WORDS = keywordTable(['END', 'IF', 'LOOP', 'CASE']);
const BLOCK_KEYWORDS = keywordTable(['BEGIN', 'DECLARE', 'PROCEDURE', 'FUNCTION', 'IS', 'AS', 'CASE', 'END', 'IF', 'LOOP']);

const CC_DIRECTIVES = new Set(['IF', 'ELSIF', 'ELSE', 'END', 'ERROR', 'THEN']);
const EXIT_ARGS = /^[ \t]*(?:(?:success|failure|warning|[0-9]+|[:&]{0,2}[\w.$#]+)[ \t]*)?(?:(?:commit|rollback)[ \t]*)?;?[ \t]*$/i;

/** Words that start a new statement after the closing `END;` of an anonymous block that has no `/` line. */
const AFTER_BLOCK_STARTS = new Set([
  'DECLARE',
  'BEGIN',
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'COMMIT',
  'ROLLBACK',
  'DROP',
  'ALTER',
  'GRANT',
  'REVOKE',
  'TRUNCATE',
  'CALL',
]);

interface RecoveryContext {
  kind: CodeKind;
  /** The code so far ends with `;`. */
  afterSemicolon: boolean;
  /** That `;` closes an `END` at nesting depth 0. */
  blockClosed: boolean;
  /** ... and the segment is an anonymous block. */
  anonymousClosed: boolean;
  /** The segment is a CREATE TYPE spec (no statements inside). */
  typeSpec: boolean;
  /** A blank line follows the last significant token. */
  blankBefore: boolean;
  /** The last significant token leaves a SQL statement unfinished (`(`, `,`, UNION, ...). */
  continues: boolean;
}

/** Words that start a SQL statement on the line after a blank line (SQL*Plus ends the buffer there). */
const SQL_STARTS = new Set(['SELECT', 'WITH', 'INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** Last words after which a statement is not finished: a query follows. */
const CONTINUING_WORDS = new Set(['UNION', 'ALL', 'INTERSECT', 'MINUS', 'EXCEPT', 'AS', 'INTO', 'FROM', 'IN', 'EXISTS']);

/**
 * The scan of a code segment at a line start, all it needs to go on from there (every offset is in the text):
 * what an edit's re-scan compares with the scan of the text before the edit (incrementalSegments.ts).
 */
export interface CodeScanState {
  start: number;
  words: string[];
  cls: Classification | undefined;
  wrapped: boolean;
  wrappedKnown: boolean;
  raw: boolean;
  lastSigEnd: number;
  afterSemicolon: boolean;
  endsBlock: boolean;
  depth: number;
  openSections: number[];
  inSubprogramHeader: boolean;
  afterEnd: boolean;
  blankBefore: boolean;
  t1s: number;
  t1e: number;
  t1w: boolean;
  t2s: number;
  t2e: number;
  t2w: boolean;
}

/** Where the scan was at a line start: `segments` already pushed, and the code segment in progress (if any). */
export interface SegmenterCheckpoint {
  pos: number;
  segments: number;
  code?: CodeScanState;
}

/** How an incremental scan records its checkpoints and stops where it meets the scan of the text before. */
export interface SegmenterHooks {
  /** Lines between two checkpoints. */
  every: number;
  checkpoints: SegmenterCheckpoint[];
  /** The first line start where the rest of the text is the same as before the edit. */
  from: number;
  /** Whether the earlier scan has a checkpoint at the place of `pos` (a line start at or after `from`). */
  probe(pos: number): boolean;
  /** The earlier scan was in this state there: the rest of the scan is the earlier one's, moved. */
  resync(pos: number, code: CodeScanState | undefined): boolean;
}

class Segmenter {
  private readonly text: string;
  private readonly n: number;
  readonly out: ScriptSegment[];
  private lineStarts: number[] | undefined;
  /** Scan position of the top-level loop. */
  private pos = 0;
  /** Only blanks precede `pos` on its line. */
  private lineFirst = true;
  private readonly hooks: SegmenterHooks | undefined;
  private linesSinceCheckpoint = 0;
  /** The scan met the earlier scan's state (hooks.resync): it ends there. */
  stopped = false;

  constructor(text: string, lineStarts?: number[], hooks?: SegmenterHooks, done: ScriptSegment[] = []) {
    this.text = text;
    this.n = text.length;
    this.lineStarts = lineStarts;
    this.hooks = hooks;
    this.out = done;
  }

  /** At a line start: records a checkpoint when one is due; true when the scan stops here (resynchronised). */
  private atLineStart(pos: number, code: CodeScanState | undefined): boolean {
    const hooks = this.hooks!;
    const due = ++this.linesSinceCheckpoint >= hooks.every;
    if (pos >= hooks.from && hooks.probe(pos) && hooks.resync(pos, code)) {
      this.stopped = true;
      return true;
    }
    if (due) {
      hooks.checkpoints.push({ pos, segments: this.out.length, code });
      this.linesSinceCheckpoint = 0;
    }
    return false;
  }

  /** Whether a line start needs the code scan's state (a checkpoint is due, or the earlier scan's may match). */
  private wantsState(pos: number): boolean {
    const hooks = this.hooks!;
    return this.linesSinceCheckpoint + 1 >= hooks.every || (pos >= hooks.from && hooks.probe(pos));
  }

  /** Goes on from a checkpoint of an earlier scan of text that is the same up to it. */
  resume(checkpoint: SegmenterCheckpoint): ScriptSegment[] {
    this.pos = checkpoint.pos;
    this.lineFirst = true;
    if (checkpoint.code) this.scanCode(checkpoint.code.start, checkpoint.code, checkpoint.pos);
    return this.stopped ? this.out : this.run();
  }

  run(): ScriptSegment[] {
    const text = this.text;
    const n = this.n;
    while (this.pos < n) {
      const i = this.pos;
      const c = text.charCodeAt(i);
      if (c === CH_LF || c === CH_CR) {
        this.pos = nextLineStart(text, i);
        this.lineFirst = true;
        if (this.hooks && this.pos < n && this.atLineStart(this.pos, undefined)) return this.out;
      } else if (isBlank(c)) {
        this.pos = i + 1;
      } else if (c === CH_MINUS && text.charCodeAt(i + 1) === CH_MINUS) {
        this.pos = lineEndAt(text, i);
      } else if (c === CH_SLASH && text.charCodeAt(i + 1) === CH_STAR) {
        this.pos = skipBlockComment(text, i);
        this.lineFirst = false;
      } else if (!(this.lineFirst && this.lineCommand(i))) {
        this.scanCode(i);
        if (this.stopped) return this.out;
      }
    }
    return this.out;
  }

  // ---- SQL*Plus commands ------------------------------------------------------------------------------------

  /** At the first non-blank character of a line, outside any statement: a '/' or '.' line or a SQL*Plus command.
   * Pushes the segment, moves `pos` to the end of its last line and returns true; false when it is code. */
  private lineCommand(i: number): boolean {
    const text = this.text;
    const eol = lineEndAt(text, i);
    const contentEnd = trimEnd(text, i, eol);
    if (contentEnd - i === 1) {
      const c = text.charCodeAt(i);
      if (c === CH_SLASH || c === CH_DOT) {
        this.pushSqlPlus(c === CH_SLASH ? 'slash' : 'other-sqlplus', i, contentEnd, contentEnd);
        this.pos = eol;
        return true;
      }
    }
    const cmd = this.detectCommand(i, eol);
    if (cmd === undefined) return false;
    let end = contentEnd;
    let lineEnd = eol;
    if (cmd.name !== 'remark') {
      // Continuation: a line ending in '-' continues on the next line.
      while (end > i && text.charCodeAt(end - 1) === CH_MINUS && lineEnd < this.n) {
        const next = nextLineStart(text, lineEnd);
        lineEnd = lineEndAt(text, next);
        const nextEnd = trimEnd(text, next, lineEnd);
        end = nextEnd > next ? nextEnd : end;
        if (nextEnd === next) break;
      }
    }
    this.pushSqlPlus(cmd.name, i, end, Math.min(cmd.argsStart, end));
    this.pos = lineEnd;
    return true;
  }

  /** Recognises a SQL*Plus command at `i` (first non-blank of the line). */
  private detectCommand(i: number, eol: number): { name: string; argsStart: number } | undefined {
    const text = this.text;
    const c = text.charCodeAt(i);
    if (c === CH_AT) {
      const rel = text.charCodeAt(i + 1) === CH_AT;
      const after = i + (rel ? 2 : 1);
      return { name: rel ? 'start-relative' : 'start', argsStart: skipBlanks(text, after, eol) };
    }
    if (c === CH_BANG) return { name: 'host', argsStart: skipBlanks(text, i + 1, eol) };
    if (c === CH_DOLLAR) {
      if (text.charCodeAt(i + 1) === CH_DOLLAR) return undefined;
      let e = i + 1;
      while (e < eol && isIdentChar(text.charCodeAt(e))) e++;
      if (CC_DIRECTIVES.has(text.slice(i + 1, e).toUpperCase())) return undefined;
      return { name: 'host', argsStart: skipBlanks(text, i + 1, eol) };
    }
    if (c === 63 /* ? */) return { name: 'help', argsStart: skipBlanks(text, i + 1, eol) };
    // `#pause`: a command behind the SQLPREFIX character (inside a statement the lexer hides such lines).
    if (c === CH_HASH) return { name: 'other-sqlplus', argsStart: skipBlanks(text, i + 1, eol) };
    // `0 text`, `5 text`: SQL*Plus buffer editing (insert or replace line n); no statement starts with a digit.
    if (c >= 48 && c <= 57) {
      let e = i + 1;
      while (e < eol && text.charCodeAt(e) >= 48 && text.charCodeAt(e) <= 57) e++;
      if (e === eol || isBlank(text.charCodeAt(e))) return { name: 'other-sqlplus', argsStart: skipBlanks(text, e, eol) };
      return undefined;
    }
    if (!isLetter(c)) return undefined;
    let e = i + 1;
    while (e < eol && isIdentChar(text.charCodeAt(e))) e++;
    const name = lookupCommand(text.slice(i, e));
    if (name === undefined) return undefined;
    const argsStart = skipBlanks(text, e, eol);
    // One- and two-letter abbreviations (a, c, i, l, r, ed, ho, cl) only when they do not look like code.
    if (e - i <= 2 && !this.looksLikeCommandArgs(argsStart, eol)) return undefined;
    if (name === 'set' && isSqlSetWord(this.wordAt(argsStart, eol))) return undefined;
    return { name, argsStart };
  }

  /** False when what follows a command word looks like code instead (`show(`, `rem :=`, `a.b`, `x, y`). */
  private looksLikeCommandArgs(k: number, eol: number): boolean {
    if (k >= eol) return true;
    const c = this.text.charCodeAt(k);
    if (c === 40 /* ( */ || c === 44 /* , */ || c === CH_DOT || c === 37 /* % */ || c === 61 /* = */) return false;
    if (c === 58 /* : */ && this.text.charCodeAt(k + 1) === 61) return false;
    return true;
  }

  private wordAt(k: number, eol: number): string {
    let e = k;
    while (e < eol && isIdentChar(this.text.charCodeAt(e))) e++;
    return this.text.slice(k, e);
  }

  // ---- code ---------------------------------------------------------------------------------------------------

  /**
   * At a line start inside a code segment, outside strings and comments: does the line start the next statement of
   * a segment that is missing its terminator? `j` is the first non-blank character of the line.
   * - PL/SQL: a CREATE line; after a `;`, an unambiguous SQL*Plus command; after the closing `END;` of an
   *   anonymous block, a line starting another block or a SQL statement.
   * - SQL (SQL*Plus ends a SQL buffer at a blank line): after a blank line, a CREATE/DECLARE/BEGIN line, a line
   *   starting a SQL statement when the one before is complete (demo scripts list queries without `;`), or an
   *   unambiguous SQL*Plus command other than SET.
   */
  private recoveryAt(j: number, ctx: RecoveryContext): boolean {
    const text = this.text;
    const c = text.charCodeAt(j);
    const plsql = ctx.kind === 'plsql';
    // SQL*Plus runs an `@` line met while a SQL statement is being entered, leaving the statement in its buffer
    // (`select ...` then `@pr` to print it); inside PL/SQL only after a `;`.
    if (c === CH_AT) return plsql ? ctx.afterSemicolon : true;
    if (c === CH_LT) return plsql && ctx.anonymousClosed && text.charCodeAt(j + 1) === CH_LT;
    if (!isLetter(c)) return false;
    let e = j + 1;
    // (a word never crosses a line break: no line end is needed to bound it)
    while (e < this.n && isIdentChar(text.charCodeAt(e))) e++;
    if (e - j > 16) return false;
    const word = text.slice(j, e);
    const upper = word.toUpperCase();
    if (plsql) {
      if (upper === 'CREATE') return true;
      if (ctx.anonymousClosed && AFTER_BLOCK_STARTS.has(upper)) return true;
      if (!ctx.afterSemicolon) return false;
    } else {
      if (!ctx.blankBefore) return false;
      if (upper === 'CREATE' || upper === 'DECLARE' || upper === 'BEGIN') return true;
      if (SQL_STARTS.has(upper)) return !ctx.continues;
    }
    const name = lookupCommand(word);
    // PAUSE between a query and the `/` that runs it (SQL*Plus runs the command at once and keeps the buffer)
    if (!plsql && name === 'pause') return true;
    if (name === undefined || !RECOVERY_COMMANDS.has(name)) return false;
    const eol = lineEndAt(text, e);
    // Inside an unclosed block a line ending in `;` is code: `def  sys.dbms_describe.number_table;` declares def.
    if (plsql && !ctx.blockClosed && name !== 'exit' && text.charCodeAt(trimEnd(text, e, eol) - 1) === CH_SEMI) return false;
    if (name === 'set' && !plsql) return false;
    const k = skipBlanks(text, e, eol);
    if (!this.looksLikeCommandArgs(k, eol)) return false;
    if (name === 'exit') {
      // EXIT is also a PL/SQL statement: accept only SQL*Plus syntax, right after the unit's last END; (or in a
      // type spec).
      const rest = text.slice(e, eol);
      if (!EXIT_ARGS.test(rest) || /^[ \t]+when\b/i.test(rest)) return false;
      return !plsql || upper === 'QUIT' || ctx.blockClosed || ctx.typeSpec;
    }
    if (k < eol && text.charCodeAt(k) === CH_SEMI) return false;
    if (name === 'set') {
      const next = this.wordAt(k, eol);
      return next.length > 0 && !isSqlSetWord(next);
    }
    return true;
  }

  private scanCode(start: number, resumed?: CodeScanState, resumeAt?: number): void {
    const text = this.text;
    const n = this.n;
    const from = resumed ?? FRESH_SCAN;
    const words: string[] = resumed ? resumed.words.slice() : [];
    let cls: Classification | undefined = from.cls;
    let wrapped = from.wrapped;
    let wrappedKnown = from.wrappedKnown;
    let raw = from.raw;
    let lastSigEnd = resumed ? from.lastSigEnd : start;
    let afterSemicolon = from.afterSemicolon;
    let endsBlock = from.endsBlock;
    // Block nesting, to tell a unit's closing `END;` from an inner block's (for recovery): DECLARE and the IS/AS of
    // a subprogram body open a declaration section whose BEGIN does not nest again; other BEGINs and CASE nest;
    // END closes (END IF / END LOOP do not count).
    let depth = from.depth;
    // The depths of the declaration sections still waiting for their BEGIN, innermost last: a BEGIN begins the
    // innermost one only if it is the innermost open construct, else it nests (a block inside a subprogram).
    const openSections: number[] = resumed ? resumed.openSections.slice() : [];
    let inSubprogramHeader = from.inSubprogramHeader;
    let afterEnd = from.afterEnd;
    // A blank line since the last significant token.
    let blankBefore = from.blankBefore;
    // The last two significant tokens (for `END;` / `END name;` detection): start, end, is-a-word.
    let t1s = from.t1s;
    let t1e = from.t1e;
    let t1w = from.t1w;
    let t2s = from.t2s;
    let t2e = from.t2e;
    let t2w = from.t2w;
    let i = resumeAt ?? start;
    let atLineStart = resumeAt !== undefined;
    // (a resumed scan is at the checkpoint's line start, which the checkpoint itself stands for)
    let checkLine = resumeAt === undefined;

    const finish = (end: number, terminator: Terminator, next: number, nextLineFirst: boolean): void => {
      this.pushCode(cls?.kind ?? 'sql', start, end, terminator, words.slice(0, FIRST_WORDS), wrapped);
      this.pos = next;
      this.lineFirst = nextLineFirst;
    };

    for (;;) {
      if (atLineStart) {
        atLineStart = false;
        const lineStart = i;
        if (this.hooks && checkLine && i < n && this.wantsState(i)) {
          const state: CodeScanState = {
            start, words: words.slice(), cls, wrapped, wrappedKnown, raw, lastSigEnd, afterSemicolon, endsBlock, depth,
            openSections: openSections.slice(), inSubprogramHeader, afterEnd, blankBefore, t1s, t1e, t1w, t2s, t2e, t2w,
          };
          if (this.atLineStart(i, state)) return;
        } else if (this.hooks && checkLine && i < n) {
          this.linesSinceCheckpoint++;
        }
        checkLine = true;
        const j = skipBlanks(text, i, n);
        const first = j < n ? text.charCodeAt(j) : -1;
        // The line end is found only where it matters: most lines are plain code, scanned once below.
        if (first === CH_SLASH || first === CH_DOT) {
          const eol = lineEndAt(text, j);
          if (trimEnd(text, j, eol) - j === 1) {
            finish(lastSigEnd, 'slash', eol, false);
            return;
          }
        }
        if (raw) {
          const eol = lineEndAt(text, j);
          const ce = trimEnd(text, j, eol);
          if (ce > j) lastSigEnd = ce;
          i = eol;
        } else {
          if (first === -1 || first === CH_LF || first === CH_CR) {
            blankBefore = true;
          } else if (
            (blankBefore || cls?.kind === 'plsql' || first === CH_AT) &&
            this.recoveryAt(j, {
              kind: cls?.kind ?? 'sql',
              afterSemicolon,
              blockClosed: endsBlock && depth <= 0,
              anonymousClosed: endsBlock && depth <= 0 && cls?.unitIndex === -1 && words[0] !== 'WITH',
              typeSpec: cls !== undefined && this.isTypeSpec(words, cls),
              blankBefore,
              // only SQL segments ask (a word's text is cut out at every line of a PL/SQL unit otherwise)
              continues: cls?.kind !== 'plsql' && t1s >= 0 && (t1w ? CONTINUING_WORDS.has(text.slice(t1s, t1e).toUpperCase()) : text.charCodeAt(t1s) === CH_LPAREN || text.charCodeAt(t1s) === CH_COMMA),
            })
          ) {
            finish(lastSigEnd, 'next-statement', lineStart, true);
            return;
          }
          i = j;
        }
      }
      if (i >= n) {
        finish(lastSigEnd, 'eof', n, false);
        return;
      }
      const c = text.charCodeAt(i);
      if (c === CH_LF) {
        i++;
        atLineStart = true;
        continue;
      }
      if (c === CH_CR) {
        i += text.charCodeAt(i + 1) === CH_LF ? 2 : 1;
        atLineStart = true;
        continue;
      }
      if (isBlank(c)) {
        i++;
        continue;
      }
      const c1 = text.charCodeAt(i + 1);
      if (c === CH_MINUS && c1 === CH_MINUS) {
        i = lineEndAt(text, i);
        continue;
      }
      if (c === CH_SLASH && c1 === CH_STAR) {
        i = skipBlockComment(text, i);
        continue;
      }
      if (c === CH_SEMI) {
        afterEnd = false;
        inSubprogramHeader = false;
        endsBlock = this.endsBlock(t1s, t1e, t1w, t2s, t2e, t2w);
        lastSigEnd = i + 1;
        afterSemicolon = true;
        blankBefore = false;
        if (cls?.kind !== 'plsql') {
          finish(i + 1, 'semicolon', i + 1, false);
          return;
        }
        t2s = t1s; t2e = t1e; t2w = t1w;
        t1s = i; t1e = i + 1; t1w = false;
        i++;
        continue;
      }
      let tokEnd = -1;
      let isWord = false;
      let word: string | undefined;
      const mleBody = t1w && this.afterMleLanguage(t1s, t1e, t2s, t2e, t2w)
        ? inlineMleBodyLength((k) => (i + k < n ? text.charCodeAt(i + k) : -1)) : 0;
      if (mleBody > 0) {
        // inline MLE code behind a delimiter of the author's choice: `<< ... >>`, `$$ ... $$` (mleInlineBody.ts)
        tokEnd = i + mleBody;
      } else if (c === CH_QUOTE) {
        tokEnd = skipString(text, i);
      } else if (c === CH_LBRACE && c1 === CH_LBRACE) {
        // inline MLE JavaScript, `{{ ... }}`: its quotes are not SQL strings
        const close = text.indexOf('}}', i + 2);
        tokEnd = close < 0 ? n : close + 2;
      } else if (isIdentChar(c) || c === CH_DQUOTE || c === CH_AMP) {
        if (c === 113 || c === 81 || c === 110 || c === 78) {
          // q'..' nq'..' n'..'
          tokEnd = skipQQuote(text, i);
          if (tokEnd < 0 && (c === 110 || c === 78) && c1 === CH_QUOTE) tokEnd = skipString(text, i + 1);
        }
        if (tokEnd < 0) {
          tokEnd = scanWord(text, i);
          isWord = true;
          if (words.length < MAX_WORDS) word = normalizeWord(text.slice(i, tokEnd));
        }
      } else if (c === CH_LT && c1 === CH_LT && words.length === 0) {
        const labelEnd = this.labelEnd(i);
        if (labelEnd > 0) {
          tokEnd = labelEnd;
          word = '<<' + normalizeWord(text.slice(i + 2, labelEnd - 2).trim()) + '>>';
        } else tokEnd = i + 2;
      } else {
        tokEnd = i + 1;
      }
      if (isWord) {
        const u = keywordAt(text, i, tokEnd, BLOCK_KEYWORDS);
        if (u === undefined) {
          // an ordinary name
        } else if (u === 'BEGIN') {
          if (openSections.length > 0 && openSections[openSections.length - 1] === depth) openSections.pop();
          else depth++;
        } else if (u === 'DECLARE') {
          depth++;
          openSections.push(depth);
        } else if (u === 'PROCEDURE' || u === 'FUNCTION') {
          inSubprogramHeader = true;
        } else if ((u === 'IS' || u === 'AS') && inSubprogramHeader) {
          inSubprogramHeader = false;
          depth++;
          openSections.push(depth);
        } else if (u === 'CASE') {
          if (!afterEnd) depth++;
        } else if (u === 'END') {
          depth--;
          while (openSections.length > 0 && openSections[openSections.length - 1]! > depth) openSections.pop();
        } else if (afterEnd && (u === 'IF' || u === 'LOOP')) {
          depth++;
        }
        afterEnd = u === 'END';
      } else afterEnd = false;
      lastSigEnd = tokEnd;
      afterSemicolon = false;
      blankBefore = false;
      t2s = t1s; t2e = t1e; t2w = t1w;
      t1s = i; t1e = tokEnd; t1w = isWord;
      i = tokEnd;
      if (word !== undefined) {
        words.push(word);
        if (cls === undefined) {
          cls = classify(words);
          if (cls?.raw) raw = true;
        }
        if (cls !== undefined && cls.kind === 'plsql' && cls.unitIndex >= 0 && !wrappedKnown) {
          const w = isWrapped(words, cls.unitIndex);
          if (w !== undefined) {
            wrappedKnown = true;
            wrapped = w;
            if (w) raw = true;
          }
        }
        if (raw) {
          // Rest of this line is opaque text.
          const eol = lineEndAt(text, i);
          const ce = trimEnd(text, i, eol);
          if (ce > i) lastSigEnd = ce;
          i = eol;
        }
      }
    }
  }

  /** `<<name>>` starting at `i` (on one line): offset past `>>`, or -1. */
  private labelEnd(i: number): number {
    const text = this.text;
    let k = skipBlanks(text, i + 2, this.n);
    const s = k;
    if (text.charCodeAt(k) === CH_DQUOTE) k = scanWord(text, k);
    else while (k < this.n && isIdentChar(text.charCodeAt(k))) k++;
    if (k === s) return -1;
    k = skipBlanks(text, k, this.n);
    return text.charCodeAt(k) === CH_GT && text.charCodeAt(k + 1) === CH_GT ? k + 2 : -1;
  }

  /** `LANGUAGE JAVASCRIPT` or `JAVASCRIPT PURE` just before: an inline MLE body may start here. */
  private afterMleLanguage(t1s: number, t1e: number, t2s: number, t2e: number, t2w: boolean): boolean {
    const length = t1e - t1s;
    const first = this.text.charCodeAt(t1s) | 0x20;
    // most words are neither: decided without building a string
    if (!((length === 10 && first === 106) || (length === 4 && first === 112)) || !t2w) return false; // j, p
    const last = this.text.slice(t1s, t1e).toUpperCase();
    if (!precedesInlineMleBody(last)) return false;
    const before = this.text.slice(t2s, t2e).toUpperCase();
    return last === 'PURE' ? before === 'JAVASCRIPT' : before === 'LANGUAGE';
  }

  /** The `;` just scanned closes `END` or `END name` (name not IF/LOOP/CASE). */
  private endsBlock(t1s: number, t1e: number, t1w: boolean, t2s: number, t2e: number, t2w: boolean): boolean {
    if (!t1w) return false;
    if (this.isWord(t1s, t1e, 'END')) return true;
    if (!t2w || !this.isWord(t2s, t2e, 'END')) return false;
    return !this.isWord(t1s, t1e, 'IF') && !this.isWord(t1s, t1e, 'LOOP') && !this.isWord(t1s, t1e, 'CASE');
  }

  private isWord(s: number, e: number, upper: string): boolean {
    return keywordAt(this.text, s, e, END_WORDS) === upper;
  }

  private isTypeSpec(words: readonly string[], cls: Classification): boolean {
    return cls.unitIndex >= 0 && words[cls.unitIndex] === 'TYPE' && words[cls.unitIndex + 1] !== 'BODY';
  }

  // ---- output -------------------------------------------------------------------------------------------------

  private position(offset: number): { line: number; column: number } {
    this.lineStarts ??= computeLineStarts(this.text);
    return positionAt(this.lineStarts, offset);
  }

  private pushCode(
    codeKind: CodeKind,
    start: number,
    end: number,
    terminator: Terminator,
    firstWords: string[],
    wrapped: boolean,
  ): void {
    const s = this.position(start);
    const e = this.position(end);
    this.out.push({
      kind: 'code',
      codeKind,
      start,
      end,
      line: s.line,
      column: s.column,
      endLine: e.line,
      endColumn: e.column,
      terminator,
      firstWords,
      wrapped,
    });
  }

  private pushSqlPlus(command: string, start: number, end: number, argsStart: number): void {
    const s = this.position(start);
    const e = this.position(end);
    this.out.push({
      kind: 'sqlplus',
      command,
      start,
      end,
      line: s.line,
      column: s.column,
      endLine: e.line,
      endColumn: e.column,
      argsStart,
    });
  }
}

/**
 * Splits a SQL*Plus / SQLcl script into SQL*Plus commands and SQL / PL/SQL code segments. Never throws.
 * `lineStarts`: the text's line starts (computeLineStarts) when the caller has them already.
 */
export function segmentScript(text: string, lineStarts?: number[]): ScriptSegment[] {
  try {
    return new Segmenter(text, lineStarts).run();
  } catch {
    return fallbackSegments(text);
  }
}

/**
 * The scan with checkpoints (incrementalSegments.ts): from the start of the text, or resumed at a checkpoint of an
 * earlier scan of a text that is the same up to it (`done`: the segments that scan pushed before it). Returns null
 * when the scan failed (never expected; the caller then segments the text from scratch).
 */
export function segmentWithHooks(
  text: string, lineStarts: number[], hooks: SegmenterHooks, resumeAt?: SegmenterCheckpoint, done: ScriptSegment[] = [],
): { segments: ScriptSegment[]; stopped: boolean } | null {
  try {
    const segmenter = new Segmenter(text, lineStarts, hooks, done);
    const segments = resumeAt ? segmenter.resume(resumeAt) : segmenter.run();
    return { segments, stopped: segmenter.stopped };
  } catch {
    return null;
  }
}

function fallbackSegments(text: string): ScriptSegment[] {
  // Defensive only: the scanner has no throwing paths; fall back to one code segment.
  const trimmed = text.trim();
  if (trimmed.length === 0) return [];
  const start = text.indexOf(trimmed.charAt(0));
  const lines = computeLineStarts(text);
  const s = positionAt(lines, start);
  const end = start + trimmed.length;
  const e = positionAt(lines, end);
  return [
    {
      kind: 'code',
      codeKind: 'sql',
      start,
      end,
      line: s.line,
      column: s.column,
      endLine: e.line,
      endColumn: e.column,
      terminator: 'eof',
      firstWords: [],
      wrapped: false,
    },
  ];
}
