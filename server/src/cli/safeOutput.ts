/**
 * Writing a report never destroys what was read: `check --output` and `report --out` refuse a file that is one
 * of the inputs (compared after resolving symbolic links, so `./src/../src/a.sql` and a link to it are caught),
 * or a file inside a checked folder that a check would read. And the report is written to a temporary file in
 * the same directory and renamed over the target, so an interrupted write (a full disk, a kill) leaves the old
 * file whole instead of half a report.
 */
import { closeSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

export class OutputRefused extends Error {}

/** The path with every symbolic link resolved; a file that does not exist yet: its directory resolved. */
export function resolvedPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const dir = dirname(path);
    if (dir === path) return path;
    return join(resolvedPath(dir), basename(path));
  }
}

/** The file's identity on disk; 'missing' when it does not exist, undefined when that cannot be told. */
function statOf(path: string): Stats | 'missing' | undefined {
  try {
    return statSync(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : undefined;
  }
}

/** `inner` is `outer` itself or below it (both resolved). */
function isInside(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export interface InputFolder {
  path: string;
  wouldRead: (absolute: string) => boolean;
}

export interface InputSet {
  /** Files that were read (absolute paths). */
  files: readonly string[];
  /** Folders that were searched (absolute), with a test of whether a file there (absolute path) would be read. */
  folders?: readonly InputFolder[];
}

/** Throws OutputRefused when writing `target` (absolute) would overwrite an input. */
export function refuseInputOverwrite(target: string, display: string, inputs: InputSet): void {
  const real = resolvedPath(target);
  // An input is the target only if both are the same file on disk: one stat per input, and the full resolution
  // (a dozen system calls per path) only where they are (a hard link is another path) or a stat fails. A target
  // that does not exist is no input.
  const onDisk = statOf(real);
  if (onDisk !== 'missing') {
    for (const file of inputs.files) {
      const other = onDisk === undefined ? undefined : statOf(file);
      if (onDisk !== undefined && other !== undefined && other !== 'missing' && (other.ino !== onDisk.ino || other.dev !== onDisk.dev)) continue;
      if (resolvedPath(file) === real) throw new OutputRefused(`refusing to write the report to ${display}: it is one of the input files`);
    }
  }
  for (const folder of inputs.folders ?? []) {
    const root = resolvedPath(folder.path);
    if (isInside(real, root) && folder.wouldRead(join(folder.path, relative(root, real)))) {
      throw new OutputRefused(`refusing to write the report to ${display}: it is inside a checked folder and would be checked on the next run`);
    }
  }
  try {
    if (statSync(real).isDirectory()) throw new OutputRefused(`cannot write the report to ${display}: it is a directory`);
  } catch (error) {
    if (error instanceof OutputRefused) throw error;
  }
}

/**
 * Writes `text` to `target` through a temporary file in the same directory, renamed into place. Text given in
 * chunks is written chunk by chunk as they are made (a long report is never whole in memory).
 */
export function writeFileAtomically(target: string, text: string | Iterable<string>): void {
  const real = resolvedPath(target); // a link to the report stays a link: its target is replaced
  const temporary = join(dirname(real), `.${basename(real)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  const fd = openSync(temporary, 'wx', 0o666);
  try {
    try {
      if (typeof text === 'string') writeFileSync(fd, text);
      else for (const chunk of text) writeFileSync(fd, chunk); // each at the end of what is written so far
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, real);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
