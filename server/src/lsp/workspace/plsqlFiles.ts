/** Which files are PL/SQL (the extensions the VS Code extension contributes) and how to find them in a folder. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PLSQL_EXTENSIONS = ['sql', 'pls', 'plb', 'pks', 'pkb', 'pck', 'pkg', 'prc', 'fnc', 'trg', 'tps', 'tpb', 'typ', 'spc', 'bdy'];

export const PLSQL_GLOB = `**/*.{${PLSQL_EXTENSIONS.join(',')}}`;

const extensionPattern = new RegExp(`\\.(${PLSQL_EXTENSIONS.join('|')})$`, 'i');
const skippedDirectories = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out', '.vscode-test']);

export function isPlsqlFile(path: string): boolean {
  return extensionPattern.test(path);
}

/** All PL/SQL files under a folder; unreadable directories are skipped and reported. */
export function findPlsqlFiles(folder: string, onError: (path: string, error: Error) => void): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      onError(dir, error as Error);
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) walk(path);
      } else if (entry.isFile() && isPlsqlFile(entry.name)) {
        out.push(path);
      }
    }
  };
  walk(folder);
  return out.sort();
}
