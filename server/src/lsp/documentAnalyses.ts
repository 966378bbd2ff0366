/**
 * One analysis per document version (VS Code's languageModelCache idea): every request for the same version
 * shares it, and the parser's unit cache makes the next version re-parse only the unit that changed.
 * The rule configuration is resolved per document: its workspace folder's `.plsqlperf.json` plus the editor's
 * rule settings for that folder.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from './uri.ts';
import type { AnalyzerConfig, WorkspaceIndex } from './analyzerApi.ts';
import { analyzeDocument, type EditorAnalysis } from './analyzeDocument.ts';
import { isSilencedDocument } from './dialectGate.ts';
import { readProjectConfig, withEditorRules, type LoadedProjectConfig } from './projectConfig.ts';
import type { ServerSettings } from './settings.ts';
import type { FileKeys } from './workspace/fileKeys.ts';
import type { WorkspaceFolders } from './workspace/workspaceFolders.ts';

interface Entry {
  version: number;
  analysis: Promise<EditorAnalysis>;
}

export class DocumentAnalyses {
  private readonly entries = new Map<string, Entry>();
  private readonly projectConfigs = new Map<string, LoadedProjectConfig>();

  constructor(
    private readonly index: WorkspaceIndex,
    private readonly folders: WorkspaceFolders,
    private readonly keys: FileKeys,
    private readonly settingsFor: (uri: string) => Promise<ServerSettings>,
    private readonly log: (message: string) => void,
  ) {}

  get(document: TextDocument): Promise<EditorAnalysis> {
    const hit = this.entries.get(document.uri);
    if (hit && hit.version === document.version) return hit.analysis;
    const analysis = this.analyze(document);
    this.entries.set(document.uri, { version: document.version, analysis });
    return analysis;
  }

  /** The analysis of the version already computed, if any (for requests that must not wait). */
  peek(uri: string): Promise<EditorAnalysis> | undefined {
    return this.entries.get(uri)?.analysis;
  }

  forget(uri: string): void {
    this.entries.delete(uri);
  }

  /** Settings, a config file or the index changed: every document is analysed again on its next request. */
  invalidate(options: { projectConfig?: boolean } = {}): void {
    this.entries.clear();
    if (options.projectConfig) this.projectConfigs.clear();
  }

  /** The rule configuration for a document, or undefined when the project excludes the file. */
  async configFor(uri: string): Promise<AnalyzerConfig | undefined> {
    const settings = await this.settingsFor(uri);
    const folder = this.folders.folderOf(uri);
    let project: AnalyzerConfig = {};
    if (folder) {
      const key = `${folder}\u0000${settings.configPath}`;
      let loaded = this.projectConfigs.get(key);
      if (!loaded) {
        loaded = readProjectConfig(URI.toPath(folder), settings.configPath);
        if (loaded.error) this.log(`${loaded.error} (the defaults apply until it is fixed)`);
        this.projectConfigs.set(key, loaded);
      }
      if (uri.startsWith('file:') && !loaded.checks(URI.toPath(uri))) return undefined;
      project = loaded.config;
    }
    return withEditorRules(project, settings.rules);
  }

  private async analyze(document: TextDocument): Promise<EditorAnalysis> {
    // A PostgreSQL, T-SQL or MySQL script (plsqlPerf.sqlFiles): nothing to show, not even syntax errors.
    if (isSilencedDocument(document, (await this.settingsFor(document.uri)).sqlFiles)) return silentAnalysis(document.lineCount);
    const config = await this.configFor(document.uri);
    const analysis = analyzeDocument(document.getText(), {
      file: this.keys.keyOf(document.uri), index: this.index, config, log: this.log, updateIndex: 'later',
    });
    // Excluded by the project: navigation and the outline still work, findings are not shown.
    return config ? analysis : { ...analysis, findings: [] };
  }
}

function silentAnalysis(lineCount: number): EditorAnalysis {
  return { findings: [], script: { segments: [], units: [], syntaxErrors: [], notes: [], lineCount }, loops: [], callAt: () => undefined, analysisMs: 0 };
}
