/**
 * The analyses of the open documents. Only the diagnostics scheduler (a push after the debounce, or the client's
 * pull) starts one; every other request is answered from the latest finished analysis, even of an older
 * version, and never starts or queues work of its own: under request traffic the analyses once ran for almost
 * every version and the diagnostics fell seconds behind. A new version cancels the analysis of an older one:
 * the parses it still needs run one package item per turn of the event loop and stop when the text changed.
 * What is kept per document is its last finished analysis and the one running: nothing per request or per
 * superseded version. The rule configuration is resolved per document: its workspace folder's `.plsqlperf.json`
 * plus the editor's rule settings for that folder.
 */
import { ItemCache } from '../analysis/itemCache.ts';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from './uri.ts';
import type { AnalyzerConfig, WorkspaceIndex } from './analyzerApi.ts';
import { analyzeDocument, type EditorAnalysis } from './analyzeDocument.ts';
import { isSilencedDocument } from './dialectGate.ts';
import { readProjectConfig, withEditorRules, type LoadedProjectConfig } from './projectConfig.ts';
import type { ServerSettings } from './settings.ts';
import type { FileKeys } from './workspace/fileKeys.ts';
import type { WorkspaceFolders } from './workspace/workspaceFolders.ts';
import { parseScript, uncachedParses, type ParsedScript } from '../syntax/parseScript.ts';

/** How long the parses of one run may hold the event loop before requests get a turn. */
const SLICE_MS = 15;

export interface VersionedAnalysis {
  version: number;
  analysis: EditorAnalysis;
}

interface Running {
  version: number;
  /** Undefined when a newer version cancelled it. */
  result: Promise<VersionedAnalysis | undefined>;
  cancelled: boolean;
}

interface DocumentState {
  finished?: VersionedAnalysis & { stale: boolean };
  running?: Running;
  /** Requests that need the analysis of a given version (code actions) wait for it here. */
  waiters: { version: number; resolve: (result: VersionedAnalysis | undefined) => void }[];
  /** What the rules gave for each package item last time: an unchanged item is not walked again. Dropped with the state. */
  items: ItemCache;
}

export class DocumentAnalyses {
  private readonly states = new Map<string, DocumentState>();
  private readonly projectConfigs = new Map<string, LoadedProjectConfig>();
  /** Per config file, its last valid read: it stays in use while the file is broken. */
  private readonly lastValidConfigs = new Map<string, LoadedProjectConfig>();

  constructor(
    private readonly index: WorkspaceIndex,
    private readonly folders: WorkspaceFolders,
    private readonly keys: FileKeys,
    private readonly settingsFor: (uri: string) => Promise<ServerSettings>,
    private readonly log: (message: string) => void,
    /** Told of every (re)read of a project config file, valid or not (diagnostics in the file). */
    private readonly onProjectConfig: (loaded: LoadedProjectConfig) => void = () => {},
  ) {}

  /**
   * Analyses the document's current version, for its diagnostics. An analysis of an older version still
   * running is cancelled; resolves undefined when this one is cancelled in turn.
   */
  analyse(document: TextDocument): Promise<VersionedAnalysis | undefined> {
    const state = this.stateOf(document.uri);
    const finished = state.finished;
    if (finished && finished.version === document.version && !finished.stale) return Promise.resolve(finished);
    if (state.running && !state.running.cancelled && state.running.version === document.version) return state.running.result;
    if (state.running) state.running.cancelled = true;
    const running: Running = { version: document.version, cancelled: false, result: Promise.resolve(undefined) };
    running.result = this.run(document, document.getText(), running, state);
    state.running = running;
    return running.result;
  }

  /**
   * For requests: the latest finished analysis, of whatever version. Only before the first analysis finished
   * does a request wait (for the one running, or the first one, which it starts).
   */
  async latest(document: TextDocument): Promise<EditorAnalysis> {
    for (;;) {
      const state = this.stateOf(document.uri);
      if (state.finished) return state.finished.analysis;
      const result = await (state.running && !state.running.cancelled ? state.running.result : this.analyse(document));
      if (result) return result.analysis;
    }
  }

  /**
   * The analysis of exactly the document's current version (code actions: their edits are positions in this
   * text), waiting up to `timeoutMs` for the scheduled analysis; undefined if it does not come.
   */
  current(document: TextDocument, timeoutMs = 3000): Promise<EditorAnalysis | undefined> {
    const state = this.stateOf(document.uri);
    const version = document.version;
    if (state.finished?.version === version) return Promise.resolve(state.finished.analysis);
    return new Promise((resolve) => {
      const waiter = {
        version,
        resolve: (result: VersionedAnalysis | undefined) => {
          clearTimeout(timer);
          resolve(result?.version === version ? result.analysis : undefined);
        },
      };
      const timer = setTimeout(() => {
        state.waiters = state.waiters.filter((w) => w !== waiter);
        resolve(undefined);
      }, timeoutMs);
      state.waiters.push(waiter);
    });
  }

  /**
   * The document changed: a request still waiting for the analysis of an older version gets no answer (its
   * positions are in a text that is gone, and the editor asks again for the new one).
   */
  changed(uri: string, version: number): void {
    const state = this.states.get(uri);
    if (!state) return;
    const stale = state.waiters.filter((w) => w.version < version);
    state.waiters = state.waiters.filter((w) => w.version >= version);
    for (const waiter of stale) waiter.resolve(undefined);
  }

  /** The version of the latest finished analysis (tests, logs). */
  finishedVersion(uri: string): number | undefined {
    return this.states.get(uri)?.finished?.version;
  }

  forget(uri: string): void {
    const state = this.states.get(uri);
    if (state?.running) state.running.cancelled = true;
    for (const waiter of state?.waiters ?? []) waiter.resolve(undefined);
    this.states.delete(uri);
  }

  /**
   * Settings, a config file or the index changed: every document is analysed again when its diagnostics are
   * next computed; requests go on with the analysis they have until then.
   */
  invalidate(options: { projectConfig?: boolean } = {}): void {
    for (const state of this.states.values()) {
      if (state.finished) state.finished.stale = true;
      if (state.running) state.running.cancelled = true;
    }
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
        loaded = readProjectConfig(URI.toPath(folder), settings.configPath, this.lastValidConfigs.get(key));
        if (loaded.error) this.log(`${loaded.error} (${loaded.keptLastValid ? 'the last valid configuration' : 'the defaults'} apply until it is fixed)`);
        else this.lastValidConfigs.set(key, loaded);
        this.projectConfigs.set(key, loaded);
        this.onProjectConfig(loaded);
      }
      if (uri.startsWith('file:') && !loaded.checks(URI.toPath(uri))) return undefined;
      project = loaded.config;
    }
    return withEditorRules(project, settings.rules);
  }

  private stateOf(uri: string): DocumentState {
    let state = this.states.get(uri);
    if (!state) {
      state = { waiters: [], items: new ItemCache() };
      this.states.set(uri, state);
    }
    return state;
  }

  private async run(document: TextDocument, text: string, running: Running, state: DocumentState): Promise<VersionedAnalysis | undefined> {
    // A PostgreSQL, T-SQL or MySQL script (plsqlPerf.sqlFiles): nothing to show, not even syntax errors.
    if (isSilencedDocument(document, (await this.settingsFor(document.uri)).sqlFiles)) {
      return this.settle(document, running, state, silentAnalysis(document.lineCount));
    }
    const config = await this.configFor(document.uri);
    // The parses this version needs, a slice at a time; the text is this version's even if the document moves on.
    const steps = uncachedParses(text);
    for (;;) {
      if (running.cancelled) return undefined;
      const sliceStart = performance.now();
      let done = false;
      try {
        while (!(done = steps.next().done === true) && performance.now() - sliceStart < SLICE_MS) { /* next step */ }
      } catch (error) {
        // The analysis below parses again and reports what failed.
        this.log(`parsing ${document.uri} failed: ${error instanceof Error ? error.message : String(error)}`);
        done = true;
      }
      if (done) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (running.cancelled) return undefined;
    // Assembling the parse and running the rules are the two long synchronous parts: requests get a turn between.
    let script: ParsedScript | undefined;
    try {
      script = parseScript(text);
    } catch {
      // analyzeDocument parses again and reports the failure
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (running.cancelled) return undefined;
    const analysis = analyzeDocument(text, {
      file: this.keys.keyOf(document.uri), index: this.index, config, log: this.log, updateIndex: 'later', script, items: state.items,
    });
    // Excluded by the project: navigation and the outline still work, findings are not shown.
    return this.settle(document, running, state, config ? analysis : { ...analysis, findings: [] });
  }

  /** Records a finished run as the document's latest analysis (unless a newer one finished) and wakes its waiters. */
  private settle(document: TextDocument, running: Running, state: DocumentState, analysis: EditorAnalysis): VersionedAnalysis | undefined {
    const result: VersionedAnalysis = { version: running.version, analysis };
    if (this.states.get(document.uri) !== state) return undefined;
    if (state.running === running) state.running = undefined;
    if (!state.finished || state.finished.stale || state.finished.version <= result.version) state.finished = { ...result, stale: running.cancelled };
    const ready = state.waiters.filter((w) => w.version <= result.version);
    state.waiters = state.waiters.filter((w) => w.version > result.version);
    for (const waiter of ready) waiter.resolve(result);
    return running.cancelled ? undefined : result;
  }
}

function silentAnalysis(lineCount: number): EditorAnalysis {
  return { findings: [], script: { segments: [], units: [], syntaxErrors: [], notes: [], lineCount }, loops: [], calls: [], callAt: () => undefined, analysisMs: 0 };
}
