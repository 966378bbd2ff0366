/** Finds the files to check: explicit files as given, directories walked recursively for PL/SQL extensions. */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { FileError } from './model.ts';

export const PLSQL_EXTENSIONS: ReadonlySet<string> = new Set([
  '.sql', '.pks', '.pkb', '.pck', '.pkg', '.tps', '.tpb', '.typ', '.trg', '.prc', '.fnc', '.plb', '.bdy',
  '.spc', '.pls', '.plsql',
]);

export interface SourceFile {
  /** Absolute path, for reading. */
  path: string;
  /** Path relative to the working directory with forward slashes, for every output. */
  display: string;
}

export interface Discovery {
  files: SourceFile[];
  errors: FileError[];
}

export function displayPath(absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute) || '.';
  return sep === '/' ? rel : rel.split(sep).join('/');
}

export function isPlsqlFile(name: string): boolean {
  return PLSQL_EXTENSIONS.has(extname(name).toLowerCase());
}

/** A short, stable description of a file-system error (no absolute paths, no stack). */
export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'not a directory';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function discoverFiles(paths: readonly string[], cwd: string): Discovery {
  const files: SourceFile[] = [];
  const errors: FileError[] = [];
  const seenFiles = new Set<string>();
  const seenDirs = new Set<string>();

  const addFile = (absolute: string): void => {
    if (seenFiles.has(absolute)) return;
    seenFiles.add(absolute);
    files.push({ path: absolute, display: displayPath(absolute, cwd) });
  };

  const walk = (dir: string): void => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch (err) {
      errors.push({ file: displayPath(dir, cwd), message: describeFsError(err) });
      return;
    }
    if (seenDirs.has(real)) return; // symlink cycle or the same tree named twice
    seenDirs.add(real);
    let names: string[];
    try {
      names = readdirSync(dir).sort(byName);
    } catch (err) {
      errors.push({ file: displayPath(dir, cwd), message: describeFsError(err) });
      return;
    }
    for (const name of names) {
      const child = join(dir, name);
      let st;
      try {
        st = statSync(child); // follows symbolic links
      } catch (err) {
        // A dangling link or an entry we may not stat: only worth reporting when it would have been checked.
        if (isPlsqlFile(name)) errors.push({ file: displayPath(child, cwd), message: describeFsError(err) });
        continue;
      }
      if (st.isDirectory()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        walk(child);
      } else if (st.isFile() && isPlsqlFile(name)) {
        addFile(child);
      }
    }
  };

  for (const given of paths) {
    const absolute = resolve(cwd, given);
    let st;
    try {
      st = statSync(absolute);
    } catch (err) {
      errors.push({ file: displayPath(absolute, cwd), message: describeFsError(err) });
      continue;
    }
    if (st.isDirectory()) walk(absolute);
    else if (st.isFile()) addFile(absolute);
    else errors.push({ file: displayPath(absolute, cwd), message: 'not a regular file' });
  }
  return { files, errors };
}
