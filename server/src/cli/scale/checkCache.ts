/**
 * `--cache FILE`: what each file contributed to the last run (its index entries, findings and the names its
 * analysis looked up), by the hash of its content. A file whose content is unchanged is not read by the parser
 * again; its findings stand while every name it looked up still means what it meant (checked against the new
 * index: a changed package elsewhere re-analyzes exactly its callers). The whole cache is void when the tool
 * version, the configuration or the rule set differ, and a cache that cannot be read is ignored with a warning
 * (and rewritten): it can make a run faster, never wrong.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AnalyzerConfig } from '../../analysis/analyze.ts';
import type { IndexEntries } from '../../analysis/index/workspaceIndex.ts';
import { writeFileAtomically } from '../safeOutput.ts';
import type { FileResult } from './fileWork.ts';

const FORMAT = 'plsql-perf-check-cache';
// 2: index entries with keys and the call graph, results with what SQL of other files calls
// 3: index entries without call sites (the check never reads them; they were two thirds of the file)
// 4: package variables, types and subtypes in the index carry their declared type (rules follow a CLOB subtype)
// 5: declared types without comments (a record's fields after a `-- comment` were lost)
// 6: the call graph keeps an object type body's calls of names its file does not define (standalone functions elsewhere)
// 7: the call graph keeps qualified calls with a supplied package's prefix (USER_MGMT.F: a workspace package elsewhere)
// 8: an object type's methods are index entries of their own (type-member: a static method call resolves to the method)
const FORMAT_VERSION = 8;

export interface CachedFile {
  /** sha256 of the file's bytes. */
  hash: string;
  entries: IndexEntries;
  result: FileResult;
  /** The dialect check found these bytes to be Oracle's (a `.sql` file checked without --no-dialect-check). */
  oracle?: true;
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** Everything besides the files that decides a run's findings. */
export function cacheKey(toolVersion: string, config: AnalyzerConfig, ruleIds: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify({ toolVersion, config, ruleIds })).digest('base64');
}

function isCachedFile(value: unknown): value is CachedFile {
  const v = value as CachedFile | null;
  return (
    typeof v === 'object' && v !== null && typeof v.hash === 'string' &&
    typeof v.entries === 'object' && v.entries !== null && Array.isArray(v.entries.definitions) &&
    typeof v.result === 'object' && v.result !== null && Array.isArray(v.result.findings) && typeof v.result.lines === 'number' &&
    Array.isArray(v.result.unexplained) && Array.isArray(v.result.lookups) && typeof v.result.sqlCallers === 'string'
  );
}

/** The cached files by display name; a missing file is an empty cache, an unreadable one too, with a warning. */
export function loadCache(path: string, key: string): { files: Map<string, CachedFile>; complete?: boolean; warning?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { files: new Map() };
    return { files: new Map(), warning: `cannot read the cache ${path} (${(err as Error).message}); checking every file` };
  }
  let data: { format?: unknown; version?: unknown; key?: unknown; files?: unknown; complete?: unknown };
  try {
    data = JSON.parse(text);
  } catch {
    return { files: new Map(), warning: `the cache ${path} is not valid JSON; checking every file (it is rewritten at the end)` };
  }
  if (typeof data !== 'object' || data === null || data.format !== FORMAT || typeof data.files !== 'object' || data.files === null) {
    return { files: new Map(), warning: `${path} is not a plsql-perf check cache; checking every file (it is rewritten at the end)` };
  }
  // Another tool version, configuration or rule set: every finding may differ.
  if (data.version !== FORMAT_VERSION || data.key !== key) return { files: new Map() };
  const files = new Map<string, CachedFile>();
  for (const [display, entry] of Object.entries(data.files as Record<string, unknown>)) {
    if (!isCachedFile(entry)) return { files: new Map(), warning: `the cache ${path} is damaged; checking every file (it is rewritten at the end)` };
    files.set(display, entry);
  }
  return { files, complete: data.complete === true };
}

/**
 * The cache of one run: loaded before the dialect check (an unchanged `.sql` file needs no second look), updated
 * by the check, written back only when something in it changed.
 */
export class RunCache {
  /** Something differs from what was loaded: a file added, changed, re-analyzed or gone. */
  changed = false;
  /**
   * The last run's workspace was exactly the cached files (no file it indexed failed later): then, with every
   * file of a run unchanged and no other, each cached result stands as it was checked against that workspace.
   */
  complete = false;

  /** `display`: the path as the user gave it, for messages. */
  constructor(readonly path: string, readonly display: string, readonly key: string, readonly files: Map<string, CachedFile>) {}

  static open(path: string, display: string, key: string, warn: (message: string) => void): RunCache {
    const loaded = loadCache(path, key);
    if (loaded.warning) warn(loaded.warning);
    const cache = new RunCache(path, display, key, loaded.files);
    cache.complete = loaded.complete === true;
    // a cache that could not be used is rewritten even if the run finds nothing to add
    cache.changed = loaded.warning !== undefined || loaded.files.size === 0;
    return cache;
  }

  /** Files whose content was read and found unchanged in this run already (by the dialect check). */
  private readonly seenUnchanged = new Set<string>();

  /** Whether the dialect check found exactly these bytes of the file to be Oracle in the last run. */
  knownOracle(display: string, bytes: Uint8Array): boolean {
    const cached = this.files.get(display);
    if (cached === undefined || cached.hash !== contentHash(bytes)) return false;
    this.seenUnchanged.add(display);
    return cached.oracle === true;
  }

  /** The file's content was read in this run and is the cached one: it need not be read again. */
  seenUnchangedInThisRun(display: string): boolean {
    return this.seenUnchanged.has(display);
  }

  set(display: string, file: CachedFile): void {
    this.files.set(display, file);
    this.changed = true;
  }

  delete(display: string): void {
    if (this.files.delete(display)) this.changed = true;
  }

  /** Whether this run's workspace was exactly the files now cached. */
  setComplete(complete: boolean): void {
    if (complete !== this.complete) this.changed = true;
    this.complete = complete;
  }

  save(): void {
    if (this.changed) saveCache(this.path, this.key, this.files, this.complete);
  }
}

export function saveCache(path: string, key: string, files: ReadonlyMap<string, CachedFile>, complete = false): void {
  const out: Record<string, CachedFile> = Object.create(null); // a file named __proto__ stays a file
  for (const [display, entry] of files) out[display] = entry;
  writeFileAtomically(path, JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, key, complete, files: out }));
}
