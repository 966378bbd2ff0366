/**
 * Which SQL dialect a `.sql` script is written in. Teams keep Oracle, PostgreSQL, SQL Server and MySQL scripts
 * side by side, all named `.sql`; only Oracle ones should get PL/SQL findings. The check weighs markers found
 * outside comments and string literals: a script is non-Oracle only when another dialect's markers clearly
 * outweigh Oracle's, so a plain ANSI script (no marker either way) stays Oracle.
 *
 * Markers are chosen so Oracle code does not trip them: `$$PLSQL_UNIT` (conditional compilation) is not a
 * PostgreSQL dollar quote, `table@dblink` and SQL*Plus `@script` are not T-SQL variables, a column named `top`
 * is not `SELECT TOP n`, `LANGUAGE C` / `LANGUAGE JAVA` call specs are not `LANGUAGE plpgsql`.
 * Pure: no I/O, no editor API (the CLI, the language server and the extension share it).
 */

export type SqlDialect = 'oracle' | 'postgresql' | 'tsql' | 'mysql';

export interface DialectVerdict {
  dialect: SqlDialect;
  /** The strongest markers found for the verdict's dialect (for a note to the user), at most three. */
  evidence: string[];
}

export const DIALECT_NAMES: Record<SqlDialect, string> = {
  oracle: 'Oracle',
  postgresql: 'PostgreSQL',
  tsql: 'SQL Server (T-SQL)',
  mysql: 'MySQL',
};

interface Marker {
  dialect: SqlDialect;
  /** Matched against the script with comments and literals blanked out; must have the `g` flag. */
  pattern: RegExp;
  weight: number;
  /** What the user is told, e.g. "`LANGUAGE plpgsql`". */
  label: string;
  /** Count at most this many matches (a file of 500 backticks is not 500 times more MySQL). */
  cap?: number;
  /**
   * A character every match contains: a script without it is not searched (a plain search for one character is
   * much faster than the pattern's scan, and most Oracle scripts have no `@`, backtick or `$` at all).
   */
  needs?: string;
}

/** A weight of 10 alone decides: the construct cannot appear in a script Oracle runs. */
const MARKERS: readonly Marker[] = [
  // Oracle
  { dialect: 'oracle', pattern: /\bPACKAGE\s+BODY\b|\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:NON)?EDITIONABLE\s+)?PACKAGE\b/gi, weight: 10, label: 'a package' },
  { dialect: 'oracle', pattern: /\bBULK\s+COLLECT\b/gi, weight: 10, label: '`BULK COLLECT`' },
  { dialect: 'oracle', pattern: /\bFORALL\b/gi, weight: 10, label: '`FORALL`' },
  { dialect: 'oracle', pattern: /\bVARCHAR2\b|\bNVARCHAR2\b|\bPLS_INTEGER\b|\bSYS_REFCURSOR\b/gi, weight: 5, label: 'Oracle types (VARCHAR2, PLS_INTEGER)', cap: 2 },
  { dialect: 'oracle', pattern: /\bEXECUTE\s+IMMEDIATE\b/gi, weight: 5, label: '`EXECUTE IMMEDIATE`' },
  { dialect: 'oracle', pattern: /\bPRAGMA\s+\w+/gi, weight: 5, label: 'a `PRAGMA`' },
  { dialect: 'oracle', pattern: /\b(?:DBMS|UTL)_\w+\s*\./gi, weight: 5, label: 'DBMS_/UTL_ packages', cap: 2 },
  { dialect: 'oracle', pattern: /\bRAISE_APPLICATION_ERROR\b/gi, weight: 5, label: '`RAISE_APPLICATION_ERROR`' },
  { dialect: 'oracle', pattern: /^[ \t]*\/[ \t]*$/gm, weight: 3, label: 'a `/` line ending a block', cap: 3 },
  { dialect: 'oracle', pattern: /^[ \t]*(?:SET\s+(?:SERVEROUTPUT|DEFINE|ECHO|FEEDBACK|LINESIZE|PAGESIZE|VERIFY|TIMING)|SHOW\s+ERRORS|WHENEVER\s+(?:SQLERROR|OSERROR)|PROMPT\b|SPOOL\b|DEFINE\s+\w+\s*=)/gim, weight: 3, label: 'SQL*Plus commands', cap: 3 },
  { dialect: 'oracle', pattern: /\bROWNUM\b|\bCONNECT\s+BY\b|\bNVL2?\s*\(|\bDECODE\s*\(|\bFROM\s+DUAL\b/gi, weight: 2, label: 'Oracle SQL (ROWNUM, NVL, DUAL)', cap: 3 },
  { dialect: 'oracle', pattern: /%(?:ROW)?TYPE\b|\bNUMBER\s*\(|\bSYSDATE\b|\bSYSTIMESTAMP\b/gi, weight: 1, label: '%TYPE, NUMBER, SYSDATE', cap: 3 },
  // PostgreSQL
  { dialect: 'postgresql', pattern: /\bLANGUAGE\s+'?(?:plpgsql|plpython3?u|plperlu?|pltcl)\b'?/gi, weight: 10, label: '`LANGUAGE plpgsql`' },
  { dialect: 'postgresql', pattern: /(?<![\w$])\$(?:[A-Za-z_]\w*)?\$(?![\w$])/g, weight: 5, label: 'a `$$` dollar-quoted body', cap: 2, needs: '$' },
  { dialect: 'postgresql', pattern: /\bRETURNS\s+(?:SETOF\b|TRIGGER\b|VOID\b|TABLE\s*\(|\w+\s+(?:AS|LANGUAGE)\b)/gi, weight: 5, label: '`RETURNS`' },
  { dialect: 'postgresql', pattern: /\w\)?::\s*[A-Za-z_]\w*/g, weight: 3, label: '`::type` casts', cap: 3, needs: ':' },
  { dialect: 'postgresql', pattern: /\bCREATE\s+EXTENSION\b|\b(?:BIG)?SERIAL\b(?![$#])|\bILIKE\b|\bRAISE\s+NOTICE\b|\bPERFORM\s+\w/gi, weight: 3, label: 'PostgreSQL statements (SERIAL, ILIKE, RAISE NOTICE, PERFORM)', cap: 3 },
  // SQL Server
  { dialect: 'tsql', pattern: /^[ \t]*GO(?:[ \t]+\d+)?[ \t]*;?[ \t]*$/gim, weight: 10, label: '`GO` batch separators' },
  { dialect: 'tsql', pattern: /\bSELECT\s+(?:DISTINCT\s+)?TOP\s*(?:\(\s*)?\d/gi, weight: 10, label: '`SELECT TOP n`' },
  // `@var`: not at the start of a line (SQL*Plus @script) and not right after a name (table@dblink).
  { dialect: 'tsql', pattern: /(?<=[ \t(,=+\-*/<>])@@?[A-Za-z_#]\w*/g, weight: 2, label: '`@variables`', cap: 3, needs: '@' },
  { dialect: 'tsql', pattern: /\bSET\s+NOCOUNT\b|\bNVARCHAR\s*\(\s*MAX\s*\)|\bBEGIN\s+TRAN(?:SACTION)?\b|\bIDENTITY\s*\(\s*\d|\bEXEC\s+(?:sp|xp)_\w+|\[dbo\]|\bdbo\.\w/gi, weight: 5, label: 'T-SQL statements (SET NOCOUNT, dbo., BEGIN TRAN)', cap: 3 },
  // MySQL
  { dialect: 'mysql', pattern: /^[ \t]*DELIMITER[ \t]+\S+/gim, weight: 10, label: '`DELIMITER`' },
  { dialect: 'mysql', pattern: /`[^`\n]+`/g, weight: 3, label: '`backtick` names', cap: 4, needs: '`' },
  { dialect: 'mysql', pattern: /\bENGINE\s*=\s*\w+|\bAUTO_INCREMENT\b|\bUNSIGNED\b/gi, weight: 5, label: 'MySQL table options (ENGINE=, AUTO_INCREMENT)', cap: 2 },
];

/** How far another dialect must outweigh Oracle's markers (and at least how much evidence it needs). */
const MIN_FOREIGN_SCORE = 5;

export function detectSqlDialect(text: string): DialectVerdict {
  const code = blankCommentsAndLiterals(text);
  const scores: Record<SqlDialect, number> = { oracle: 0, postgresql: 0, tsql: 0, mysql: 0 };
  const evidence: Record<SqlDialect, { label: string; weight: number }[]> = { oracle: [], postgresql: [], tsql: [], mysql: [] };
  for (const marker of MARKERS) {
    if (marker.needs !== undefined && !code.includes(marker.needs)) continue;
    marker.pattern.lastIndex = 0;
    let count = 0;
    const cap = marker.cap ?? 1;
    while (count < cap && marker.pattern.exec(code) !== null) count++;
    if (count === 0) continue;
    scores[marker.dialect] += count * marker.weight;
    evidence[marker.dialect].push({ label: marker.label, weight: count * marker.weight });
  }
  let best: SqlDialect = 'oracle';
  for (const d of ['postgresql', 'tsql', 'mysql'] as const) {
    if (scores[d] >= MIN_FOREIGN_SCORE && scores[d] > scores.oracle && scores[d] > (best === 'oracle' ? 0 : scores[best])) best = d;
  }
  const top = evidence[best].sort((a, b) => b.weight - a.weight).slice(0, 3).map((e) => e.label);
  return { dialect: best, evidence: top };
}

/** The `.sql` files the dialect check applies to (other PL/SQL extensions are Oracle by name). */
export function isDialectCheckedFile(path: string): boolean {
  return /\.sql$/i.test(path);
}

/**
 * The script with comments, string literals and quoted names replaced by spaces (line breaks kept), so that
 * markers inside them do not count: `-- GO`, `'$$'`, `q'[ ... ]'`, `"TOP"`. Backticks are kept (MySQL names).
 * PostgreSQL dollar-quoted bodies are kept too: their text is what tells PL/pgSQL from PL/SQL.
 */
export function blankCommentsAndLiterals(text: string): string {
  // Spaces repeated between the line breaks: a replace of every character by a regex took most of a check
  // run's dialect check (corpus-wide: about half of 0.6 s, on the main thread before any file is parsed).
  const blank = (s: string) => {
    let blanked = '';
    let from = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', from)) {
      blanked += ' '.repeat(nl - from) + '\n';
      from = nl + 1;
    }
    return blanked + ' '.repeat(s.length - from);
  };
  // SQL*Plus REMARK and PROMPT lines are free text (`REM you'll need...` opens no literal); their keyword stays.
  const opener = /--|\/\*|(?<![\w$#])[qQ]'|'|"|^#|^[ \t]*(?:REM(?:ARK)?|PRO(?:MPT)?)(?=[ \t]|$)/gim;
  const out: string[] = [];
  let copied = 0;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(text)) !== null) {
    const i = match.index;
    const token = match[0];
    const n = text.length;
    let end: number;
    if (/^[ \t]*[RP]/i.test(token)) {
      out.push(text.slice(copied, i + token.length));
      copied = i + token.length;
      end = text.indexOf('\n', copied);
      if (end < 0) end = n;
      out.push(blank(text.slice(copied, end)));
      copied = end;
      opener.lastIndex = end;
      continue;
    }
    if (token === '--' || token === '#') {
      end = text.indexOf('\n', i); // '#' at a line start: a MySQL comment; no Oracle line starts with it
      if (end < 0) end = n;
    } else if (token === '/*') {
      end = text.indexOf('*/', i + 2);
      end = end < 0 ? n : end + 2;
    } else if (token.length === 2) {
      const open = text[i + 2] ?? '';
      const close = ({ '[': ']', '(': ')', '{': '}', '<': '>' } as Record<string, string>)[open] ?? open;
      end = text.indexOf(`${close}'`, i + 3);
      end = end < 0 ? n : end + 2;
    } else if (token === '"') {
      end = text.indexOf('"', i + 1);
      end = end < 0 ? n : end + 1;
    } else {
      end = i + 1;
      for (;;) {
        const q = text.indexOf("'", end);
        if (q < 0) {
          end = n;
          break;
        }
        end = q + 1;
        if (text[end] !== "'") break;
        end++; // '' inside a literal
      }
    }
    out.push(text.slice(copied, i), blank(text.slice(i, end)));
    copied = end;
    opener.lastIndex = end;
  }
  out.push(text.slice(copied));
  return out.join('');
}
