/**
 * The real-world corpus (../shared/corpus from the repository root, or env PLSQL_PERF_CORPUS): every file under
 * it, sorted by path, except the corpus's own metadata (README, MANIFEST, LICENSE files), read as bytes and decoded.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeSource, type SourceEncoding } from '../../server/src/parser/decodeSource.ts';

export interface CorpusFile {
  /** Path relative to the corpus root, forward slashes. */
  path: string;
  text: string;
  lines: number;
  bytes: number;
  encoding: SourceEncoding;
}

/** The repository root: the nearest ancestor of `from` holding package.json (works from test/bench/ and dist/). */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

export function corpusRoot(): string {
  const env = process.env.PLSQL_PERF_CORPUS;
  return env ? resolve(env) : resolve(findRepoRoot(), '../shared/corpus');
}

/** The wider corpus of application code and modern demo scripts (env PLSQL_PERF_CORPUS_WIDE overrides it). */
export function corpusWideRoot(): string {
  const env = process.env.PLSQL_PERF_CORPUS_WIDE;
  return env ? resolve(env) : resolve(findRepoRoot(), '../shared/corpus-wide');
}

/** Our own corpus of modern (19c-26ai) application code, in the repository. */
export function modernCorpusRoot(): string {
  return resolve(findRepoRoot(), 'test/corpus-modern');
}

const METADATA = /^(readme(\.md)?|manifest\.tsv|licen[cs]e([-.].*)?|copying|notice(\.txt)?)$/i;

/** Lines as an editor counts them: a final line without a newline counts, a trailing newline adds none. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

export function listCorpus(root: string = corpusRoot()): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && !METADATA.test(name)) out.push(relative(root, p).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function readCorpusFile(root: string, path: string): CorpusFile {
  const bytes = readFileSync(join(root, path));
  const { text, encoding } = decodeSource(bytes);
  return { path, text, lines: countLines(text), bytes: bytes.length, encoding };
}

export function loadCorpus(root: string = corpusRoot(), limit?: number): CorpusFile[] {
  const paths = listCorpus(root);
  return (limit === undefined ? paths : paths.slice(0, limit)).map((p) => readCorpusFile(root, p));
}

/** The largest package body by lines: a .pkb/.pck/.sql file whose text contains `package body`. */
export function largestPackageBody(files: readonly CorpusFile[]): CorpusFile | undefined {
  let best: CorpusFile | undefined;
  for (const f of files) {
    if (!/\.(pkb|pck|sql)$/i.test(f.path) || !/\bpackage\s+body\b/i.test(f.text)) continue;
    if (!best || f.lines > best.lines) best = f;
  }
  return best;
}

/** The package body whose length is nearest to `lines` (another than the largest), or undefined. */
export function packageBodyNear(files: readonly CorpusFile[], lines: number): CorpusFile | undefined {
  const largest = largestPackageBody(files);
  let best: CorpusFile | undefined;
  for (const f of files) {
    if (f === largest || !/\.(pkb|pck|sql)$/i.test(f.path) || !/\bpackage\s+body\b/i.test(f.text)) continue;
    if (!best || Math.abs(f.lines - lines) < Math.abs(best.lines - lines)) best = f;
  }
  return best;
}

/** A small, ordinary PL/SQL file for the first-parse measurement: the first (by path) of 20..100 lines with a block. */
export function smallFile(files: readonly CorpusFile[]): CorpusFile | undefined {
  return (
    files.find((f) => f.lines >= 20 && f.lines <= 100 && /\bbegin\b/i.test(f.text) && /\bend\b/i.test(f.text)) ?? files[0]
  );
}
