/**
 * `plsqlPerf.sqlFiles`: which `.sql` documents get PL/SQL checks. `auto` (the default) checks a `.sql` document
 * unless the dialect check finds it written for PostgreSQL, SQL Server or MySQL; `always` checks every one;
 * `never` none. A document the client opened under another language id than `plsql` (`sql`, `oraclesql`) is
 * treated like a `.sql` file whatever its name. A silenced document gets no diagnostics, lenses or hints.
 */
import { detectSqlDialect, isDialectCheckedFile } from '../analysis/dialect/sqlDialect.ts';

export const SQL_FILES_MODES = ['auto', 'always', 'never'] as const;
export type SqlFilesMode = (typeof SQL_FILES_MODES)[number];

export function isSilencedDocument(document: { uri: string; languageId: string; getText(): string }, mode: SqlFilesMode): boolean {
  const sqlLike = isDialectCheckedFile(document.uri.replace(/[?#].*$/, '')) || document.languageId !== 'plsql';
  if (!sqlLike || mode === 'always') return false;
  if (mode === 'never') return true;
  return detectSqlDialect(document.getText()).dialect !== 'oracle';
}
