/**
 * Indexes every PL/SQL file of the workspace folders in the background, a few files per turn of the event
 * loop so requests stay answered, with $/progress while it runs. Watched-file events keep the index
 * current afterwards; open documents are indexed from their editor text instead (see DocumentAnalyses).
 * A file that cannot be read or indexed is logged and skipped.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Connection, FileEvent } from 'vscode-languageserver';
import { FileChangeType } from 'vscode-languageserver';
import type { SymbolIndex } from '../analyzerApi.ts';
import { IndexStatusNotification, type IndexStatus } from '../protocol.ts';
import { URI } from '../uri.ts';
import { findPlsqlFiles, isPlsqlFile } from './plsqlFiles.ts';

/** Files above this size are generated dumps more often than code; indexing them would stall the editor. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const TIME_SLICE_MS = 30;

export class BackgroundIndexer {
  private readonly known = new Set<string>();
  private run = 0;

  constructor(
    private readonly connection: Connection,
    private readonly index: SymbolIndex,
    private readonly isOpen: (uri: string) => boolean,
    private readonly onChanged: () => void,
    private readonly log: (message: string) => void,
  ) {}

  /** Every file the index holds from disk or from the editor. */
  files(): string[] {
    return [...this.known];
  }

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

  noteOpen(uri: string): void {
    this.known.add(uri);
  }

  fileEvents(changes: FileEvent[]): void {
    let changed = false;
    for (const change of changes) {
      if (!isPlsqlFile(change.uri) || this.isOpen(change.uri)) continue;
      changed = true;
      if (change.type === FileChangeType.Deleted) {
        this.index.remove(change.uri);
        this.known.delete(change.uri);
      } else {
        this.indexPath(URI.toPath(change.uri));
      }
    }
    if (changed) this.onChanged();
  }

  /** A closed document goes back to its saved text (or out of the index if it was never saved). */
  reindexFromDisk(uri: string): void {
    if (!uri.startsWith('file:')) {
      this.index.remove(uri);
      this.known.delete(uri);
      return;
    }
    this.indexPath(URI.toPath(uri));
  }

  private indexPath(path: string): void {
    const uri = URI.fromPath(path);
    try {
      if (statSync(path).size > MAX_FILE_BYTES) {
        this.log(`skipped ${path}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
        return;
      }
      this.index.update(uri, readFileSync(path, 'utf8'));
      this.known.add(uri);
    } catch (error) {
      this.index.remove(uri);
      this.known.delete(uri);
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
