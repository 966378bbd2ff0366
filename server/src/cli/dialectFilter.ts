/**
 * `--dialect-check` (on by default): a `.sql` file written for PostgreSQL, SQL Server or MySQL is not checked,
 * so a repository that keeps several databases' scripts side by side gets findings only on the Oracle ones.
 * Other PL/SQL extensions (.pkb, .pks, ...) are Oracle by name and always checked. A file that cannot be read
 * here is kept: checking it reports the read error the usual way.
 */
import { readFileSync } from 'node:fs';
import { detectSqlDialect, DIALECT_NAMES, isDialectCheckedFile } from '../analysis/dialect/sqlDialect.ts';
import { decodeSource } from '../parser/decodeSource.ts';
import type { SourceFile } from './discover.ts';

/** `knownOracle`: the check cache's word that these bytes of the file were found to be Oracle's last time. */
export function skipForeignDialects(
  files: readonly SourceFile[],
  note?: (line: string) => void,
  knownOracle?: (display: string, bytes: Uint8Array) => boolean,
): SourceFile[] {
  return files.filter((file) => {
    if (!isDialectCheckedFile(file.path)) return true;
    let text: string;
    try {
      const bytes = readFileSync(file.path);
      if (knownOracle?.(file.display, bytes)) return true;
      text = decodeSource(bytes).text;
    } catch {
      return true;
    }
    const verdict = detectSqlDialect(text);
    if (verdict.dialect === 'oracle') return true;
    note?.(`plsql-perf: skipped ${file.display}: written for ${DIALECT_NAMES[verdict.dialect]} (${verdict.evidence.join(', ')}); --no-dialect-check checks it anyway\n`);
    return false;
  });
}
