/**
 * Which workspace file a profile's path means. A profile names files relative to the workspace folder it was
 * recorded in; opened in another checkout (another folder layout, a colleague's profile) the path may not
 * exist, or name another file. A file is matched by its path relative to a workspace folder, else by content:
 * the PL/SQL file whose lines at the profiled place hash to what the profile recorded there. A file found
 * neither way is not marked (a "Confirmed by profile" mark on a file that does not exist only says "file not
 * found" on click): the caller tells the user which file it was.
 * No vscode import: tested with plain folders.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';

/** What the profile recorded at the place: the block's text from startLine, or a code fragment on one line. */
export type RecordedContent = { startLine: number; text: string } | { line: number; code: string };

const PLSQL_FILE = /\.(sql|pls|plb|pks|pkb|pck|pkg|prc|fnc|trg|tps|tpb|typ|spc|bdy)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.vscode', 'dist', 'out']);
/** A workspace is searched up to this many files (a content match is a fallback, not an indexing pass). */
const MAX_FILES = 5000;

const normalise = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
const sha256 = (text: string) => createHash('sha256').update(normalise(text)).digest('hex');

function plsqlFiles(folder: string, out: string[]): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return out;
  }
  for (const name of names) {
    if (out.length >= MAX_FILES) break;
    if (SKIPPED_FOLDERS.has(name)) continue;
    const path = join(folder, name);
    let isDirectory = false;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch {
      continue;
    }
    if (isDirectory) plsqlFiles(path, out);
    else if (PLSQL_FILE.test(name)) out.push(path);
  }
  return out;
}

function holds(path: string, recorded: RecordedContent): boolean {
  let lines: string[];
  try {
    lines = readFileSync(path, 'utf8').replace(/\r\n?/g, '\n').split('\n');
  } catch {
    return false;
  }
  if ('text' in recorded) {
    const count = normalise(recorded.text).split('\n').length;
    const here = lines.slice(recorded.startLine - 1, recorded.startLine - 1 + count).join('\n');
    return sha256(here) === sha256(recorded.text);
  }
  return recorded.code.trim() !== '' && (lines[recorded.line - 1] ?? '').includes(recorded.code.trim());
}

/** The absolute path of the file a profile means, or undefined when no workspace file is it. */
export function locateProfileFile(file: string, folders: readonly string[], recorded?: RecordedContent): string | undefined {
  if (isAbsolute(file)) {
    if (existsSync(file)) return file;
  } else {
    for (const folder of folders) {
      const path = join(folder, file);
      if (existsSync(path)) return path;
    }
  }
  if (!recorded) return undefined;
  const candidates = folders.flatMap((folder) => plsqlFiles(folder, []));
  const name = basename(file).toLowerCase();
  // the same name first: a moved file is the usual case, and its content decides
  const sameName = candidates.filter((c) => basename(c).toLowerCase() === name);
  // a block's text identifies its file anywhere; a code fragment on one line (a callee's name) only among files of the same name
  const ordered = 'text' in recorded ? [...sameName, ...candidates.filter((c) => basename(c).toLowerCase() !== name)] : sameName;
  return ordered.find((candidate) => holds(candidate, recorded));
}
