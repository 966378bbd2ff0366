/**
 * `--diff REF`: which lines of which files changed since a git revision. Git runs as an argument vector
 * (execFile, no shell); the revision is checked with `rev-parse` before it is used, so it can never act as an
 * option. Changes are the working tree against REF: commits since REF, staged and unstaged edits; files git does
 * not track yet (new, not ignored) count whole.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class GitDiffError extends Error {}

/** Changed lines per file (absolute real path); `'all'` for a file that is new since REF. */
export type ChangedLines = Map<string, Set<number> | 'all'>;

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'core.quotepath=off', ...args], { cwd, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' });
  return stdout;
}

export async function changedLinesSince(ref: string, cwd: string): Promise<ChangedLines> {
  let top: string;
  try {
    top = (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new GitDiffError('--diff needs git, which was not found on PATH');
    throw new GitDiffError(`--diff: ${cwd} is not inside a git work tree`);
  }
  let commit: string;
  try {
    commit = (await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch {
    throw new GitDiffError(`--diff: unknown git revision '${ref}'`);
  }
  const diff = await git(top, ['diff', '--unified=0', '--no-color', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/', commit, '--']);
  const changed = parseUnifiedDiff(diff, top);
  const untracked = await git(top, ['ls-files', '-z', '--others', '--exclude-standard']);
  for (const path of untracked.split('\0')) if (path !== '') changed.set(join(top, path), 'all');
  return changed;
}

/** Parses `git diff --unified=0` output into the new-side line numbers of each file. */
export function parseUnifiedDiff(diff: string, top: string): ChangedLines {
  const changed: ChangedLines = new Map();
  let current: Set<number> | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const name = unquote(line.slice(4));
      if (name === '/dev/null') current = undefined; // deleted
      else {
        current = new Set();
        changed.set(join(top, name.replace(/^b\//, '')), current);
      }
    } else if (line.startsWith('@@') && current) {
      const m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!m) continue;
      const start = Number(m[1]);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      for (let l = start; l < start + count; l++) current.add(l);
    }
  }
  return changed;
}

/** Git quotes a path with unusual characters C-style: `"b/a\tb.sql"`, octal escapes for other bytes. */
function unquote(name: string): string {
  const trimmed = name.replace(/\t$/, '');
  if (!trimmed.startsWith('"')) return trimmed;
  const bytes: number[] = [];
  const body = trimmed.slice(1, -1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[i + 1]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** True when the finding's lines meet a changed line of its file. `path` is the file's absolute path. */
export function touchesChange(changed: ChangedLines, path: string, line: number, endLine: number): boolean {
  const lines = changed.get(realPath(path));
  if (lines === undefined) return false;
  if (lines === 'all') return true;
  for (let l = line; l <= Math.max(line, endLine); l++) if (lines.has(l)) return true;
  return false;
}

const realPaths = new Map<string, string>();
function realPath(path: string): string {
  let real = realPaths.get(path);
  if (real === undefined) {
    try {
      real = realpathSync(path);
    } catch {
      real = path;
    }
    realPaths.set(path, real);
  }
  return real;
}
