/** Finds the files to check: explicit files as given, directories walked recursively for PL/SQL extensions. */
import { closeSync, openSync, readSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { TEST_SCRIPT_HEADER } from '../parser/testScriptFrame.ts';
import type { FileError } from './model.ts';

export const PLSQL_EXTENSIONS: ReadonlySet<string> = new Set([
  '.sql', '.pks', '.pkb', '.pck', '.pkg', '.tps', '.tpb', '.typ', '.trg', '.prc', '.fnc', '.plb', '.bdy',
  '.spc', '.pls', '.plsql',
]);

export interface SourceFile {
  /** Absolute path, for reading. */
  path: string;
  /** The path as given on the command line (a file in a walked directory: the directory as given, then the
   * rest), forward slashes; used in every output. */
  display: string;
  /** Bytes, where the size limit's check took it (parallel runs start the largest files first). */
  size?: number;
}

export interface Discovery {
  files: SourceFile[];
  errors: FileError[];
}

/** Forward slashes in every output, whatever the platform. */
export function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** `dir` as the user wrote it, followed by a path below it: `./src` + `a/b.sql` = `./src/a/b.sql`. */
export function displayBelow(dir: string, rel: string): string {
  const base = slashes(dir).replace(/\/+$/, '');
  if (base === '' || base === '.') return slashes(rel);
  return `${base}/${slashes(rel)}`;
}

export function isPlsqlFile(name: string): boolean {
  return PLSQL_EXTENSIONS.has(extname(name).toLowerCase());
}

/**
 * A PL/SQL Developer test script (`.tst` that starts with its header, testScriptFrame.ts) holds an anonymous block
 * and is checked like one; other tools use `.tst` for files of their own, so the name alone does not decide.
 */
export function isTestScriptFile(path: string): boolean {
  if (extname(path).toLowerCase() !== '.tst') return false;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(TEST_SCRIPT_HEADER.length + 3);
    const read = readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString('latin1');
    return text.startsWith(TEST_SCRIPT_HEADER) || text.startsWith(`\xef\xbb\xbf${TEST_SCRIPT_HEADER}`);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What a walk of a folder checks: the PL/SQL extensions and PL/SQL Developer test scripts. */
export function isCheckedFile(path: string): boolean {
  return isPlsqlFile(path) || isTestScriptFile(path);
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

/**
 * Expands the given paths: files as they are, directories walked, globs (when no file of that name exists)
 * matched below their literal base directory. Every file appears once, in the order first found.
 */
export function discoverFiles(paths: readonly string[], cwd: string): Discovery {
  const files: SourceFile[] = [];
  const errors: FileError[] = [];
  const seenFiles = new Set<string>();
  const seenDirs = new Set<string>();

  const addFile = (absolute: string, display: string): void => {
    if (seenFiles.has(absolute)) return;
    seenFiles.add(absolute);
    files.push({ path: absolute, display });
  };

  /** Calls `visit` for each regular file below `dir` (sorted by name), reporting unreadable directories. */
  const walk = (dir: string, display: string, visit: (absolute: string, display: string, name: string) => void): void => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch (err) {
      errors.push({ file: display, message: describeFsError(err) });
      return;
    }
    if (seenDirs.has(real)) return; // symlink cycle or the same tree named twice
    seenDirs.add(real);
    let names: string[];
    try {
      names = readdirSync(dir).sort(byName);
    } catch (err) {
      errors.push({ file: display, message: describeFsError(err) });
      return;
    }
    for (const name of names) {
      const child = join(dir, name);
      const childDisplay = displayBelow(display, name);
      let st;
      try {
        st = statSync(child); // follows symbolic links
      } catch (err) {
        // A dangling link or an entry we may not stat: only worth reporting when it would have been checked.
        if (isPlsqlFile(name)) errors.push({ file: childDisplay, message: describeFsError(err) });
        continue;
      }
      if (st.isDirectory()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        walk(child, childDisplay, visit);
      } else if (st.isFile()) {
        visit(child, childDisplay, name);
      }
    }
  };
  const addPlsqlFile = (absolute: string, display: string): void => {
    if (isCheckedFile(absolute)) addFile(absolute, display);
  };

  for (const given of paths) {
    const absolute = resolve(cwd, given);
    const display = slashes(given);
    let st;
    try {
      st = statSync(absolute);
    } catch (err) {
      const glob = (err as NodeJS.ErrnoException).code === 'ENOENT' ? picomatch.scan(given) : undefined;
      if (glob?.isGlob) expandGlob(glob.base, glob.glob, display);
      else errors.push({ file: display, message: describeFsError(err) });
      continue;
    }
    seenDirs.clear(); // a tree named twice (`src` and 'src/**/*.pkb') is walked for each; files stay unique
    if (st.isDirectory()) walk(absolute, display, addPlsqlFile);
    else if (st.isFile()) addFile(absolute, display);
    else errors.push({ file: display, message: 'not a regular file' });
  }

  /**
   * A glob matches files below its base. A glob whose last segment names no extension (`src/**`) matches
   * only PL/SQL files, so READMEs are not parsed as PL/SQL; `**\/*.txt` takes what it names.
   */
  function expandGlob(base: string, glob: string, display: string): void {
    const matches = picomatch(glob, { dot: false });
    const lastSegment = glob.slice(glob.lastIndexOf('/') + 1);
    const namesExtension = /\.[^*?]*$/.test(lastSegment) || /\.\{/.test(lastSegment);
    const before = files.length;
    const root = resolve(cwd, base || '.');
    try {
      if (!statSync(root).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    } catch (err) {
      // `nowhere/**/*.sql`: the pattern's folder does not exist, so nothing matches (not a missing file).
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      errors.push({ file: display, message: missing ? `no file matches this pattern (${base || '.'} does not exist)` : describeFsError(err) });
      return;
    }
    seenDirs.clear();
    walk(root, base, (absolute, display) => {
      const rel = slashes(relative(root, absolute));
      if (matches(rel) && (namesExtension || isCheckedFile(absolute))) addFile(absolute, display);
    });
    if (files.length === before) errors.push({ file: display, message: 'no file matches this pattern' });
  }
  return { files, errors };
}
