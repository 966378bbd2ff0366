/**
 * Indexes every PL/SQL file of the workspace folders in the background, a few files per turn of the event
 * loop so requests stay answered, with $/progress while it runs. Watched-file events keep the index
 * current afterwards; open documents are indexed from their editor text instead (see DocumentAnalyses).
 * A file that cannot be read or indexed is logged and skipped.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Connection, FileEvent } from 'vscode-languageserver';
import { FileChangeType } from 'vscode-languageserver';
import { parseScript } from '../../syntax/parseScript.ts';
import { detectSqlDialect, isDialectCheckedFile } from '../../analysis/dialect/sqlDialect.ts';
import type { WorkspaceIndex } from '../analyzerApi.ts';
import type { FileKeys } from './fileKeys.ts';
import { IndexStatusNotification, type IndexStatus } from '../protocol.ts';
import { URI } from '../uri.ts';
import { findPlsqlFiles, isPlsqlFile } from './plsqlFiles.ts';

/** Files above this size are generated dumps more often than code; indexing them would stall the editor. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const TIME_SLICE_MS = 30;

export class BackgroundIndexer {
  private run = 0;

  constructor(
    private readonly connection: Connection,
    private readonly index: WorkspaceIndex,
    private readonly keys: FileKeys,
    private readonly isOpen: (uri: string) => boolean,
    private readonly onChanged: () => void,
    private readonly log: (message: string) => void,
  ) {}

  /** (Re)indexes the folders; a newer call supersedes a running one. */
  async indexFolders(folderUris: string[], withProgress: boolean): Promise<void> {
    const run = ++this.run;
    const started = performance.now();
    const paths = folderUris.flatMap((f) => findPlsqlFiles(URI.toPath(f), (p, e) => this.log(`cannot list ${p}: ${e.message}`)));
    const progress = withProgress ? await this.connection.window.createWorkDoneProgress().catch(() => undefined) : undefined;
    progress?.begin('PL/SQL Perf: indexing', 0, `0/${paths.length} files`, false);
    this.status('indexing', started);
    let sliceStart = performance.now();
    for (const [i, path] of paths.entries()) {
      if (run !== this.run) break;
      this.indexPath(path);
      if (performance.now() - sliceStart > TIME_SLICE_MS) {
        progress?.report(Math.round((100 * (i + 1)) / paths.length), `${i + 1}/${paths.length} files`);
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    progress?.done();
    if (run === this.run) {
      this.log(`indexed ${paths.length} files in ${Math.round(performance.now() - started)} ms`);
      this.status('ready', started);
      this.onChanged();
    }
  }

  fileEvents(changes: FileEvent[]): void {
    let changed = false;
    for (const change of changes) {
      if (!isPlsqlFile(change.uri) || this.isOpen(change.uri)) continue;
      changed = true;
      if (change.type === FileChangeType.Deleted) {
        this.index.remove(this.keys.keyOf(change.uri));
      } else {
        this.indexPath(URI.toPath(change.uri));
      }
    }
    if (changed) this.onChanged();
  }

  /** A closed document goes back to its saved text (or out of the index if it was never saved). */
  reindexFromDisk(uri: string): void {
    if (!uri.startsWith('file:')) {
      this.index.remove(this.keys.keyOf(uri));
      return;
    }
    this.indexPath(URI.toPath(uri));
  }

  private indexPath(path: string): void {
    const key = this.keys.keyOf(URI.fromPath(path));
    try {
      if (statSync(path).size > MAX_FILE_BYTES) {
        this.log(`skipped ${path}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
        return;
      }
      const text = readFileSync(path, 'utf8');
      // A PostgreSQL, T-SQL or MySQL script defines nothing Oracle code can call (and `plsql-perf check` skips it too).
      if (isDialectCheckedFile(path) && detectSqlDialect(text).dialect !== 'oracle') {
        this.index.remove(key);
        return;
      }
      // No unit cache: files indexed from disk are mostly never opened, their cached units would only hold memory.
      this.index.updateFromScript(key, parseScript(text, { unitCache: false }), text);
    } catch (error) {
      this.index.remove(key);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log(`cannot index ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  }

  private status(state: IndexStatus['state'], started: number): void {
    const stats = this.index.stats;
    const status: IndexStatus = { state, files: stats.files, definitions: stats.definitions, ms: Math.round(performance.now() - started) };
    void this.connection.sendNotification(IndexStatusNotification, status);
  }
}
