/**
 * The resolved calls of any workspace file, for references, highlights and the call hierarchy: an open
 * document's come from its editor analysis (what diagnostics and definitions use); a file that is not open is
 * read from disk and walked once with no rules, so its calls resolve exactly as they would if it were open.
 * Nothing is kept after the request: a `CallSites` lives for one request (files asked twice are walked once).
 * A file read from disk is walked after a turn of the event loop, so edits and a cancellation of the request
 * get in between files; a cancelled request gets no more calls.
 */
import { readFileSync } from 'node:fs';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText, type AnalyzerConfig } from '../../analysis/analyze.ts';
import { PERFORMANCE_RULES } from '../../analysis/rules/registry.ts';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { ResolvedCall, WorkspaceIndex } from '../analyzerApi.ts';
import { URI } from '../uri.ts';

/** Only the walk: every rule off (their findings are not wanted here). */
const walkOnly: AnalyzerConfig = { rules: Object.fromEntries(PERFORMANCE_RULES.map((r) => [r.meta.id, { enabled: false }])) };

export interface CallSiteSources {
  index: WorkspaceIndex;
  /** Index key -> the client's URI. */
  uriOf(key: string): string;
  openDocument(uri: string): TextDocument | undefined;
  analysisOf(document: TextDocument): Promise<EditorAnalysis>;
  log(message: string): void;
  /** The request was cancelled (the client moved on). */
  isCancelled?(): boolean;
}

export class CallSites {
  private readonly byFile = new Map<string, Promise<readonly ResolvedCall[]>>();

  constructor(private readonly sources: CallSiteSources) {}

  /** The resolved calls of the file with this index key (empty when it cannot be read). */
  callsIn(key: string): Promise<readonly ResolvedCall[]> {
    let calls = this.byFile.get(key);
    if (!calls) {
      calls = this.resolve(key);
      this.byFile.set(key, calls);
    }
    return calls;
  }

  private async resolve(key: string): Promise<readonly ResolvedCall[]> {
    const uri = this.sources.uriOf(key);
    const open = this.sources.openDocument(uri);
    if (open) return (await this.sources.analysisOf(open)).calls;
    await new Promise((resolve) => setImmediate(resolve));
    if (this.sources.isCancelled?.()) return [];
    let text: string;
    try {
      text = readFileSync(URI.toPath(uri), 'utf8');
    } catch (error) {
      this.sources.log(`reading ${key} for references failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
    return analyzeText(text, { file: key, index: this.sources.index, config: walkOnly, unitCache: false }).semantics.calls;
  }
}
