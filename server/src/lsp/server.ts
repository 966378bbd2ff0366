/**
 * The language server: wires the LSP connection to the analyzer through the adapters in this folder.
 * Every handler is wrapped so an exception in one feature or one file is logged and answered with an empty
 * result: the server never goes down because of an edit.
 */
import {
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocuments, TextDocumentSyncKind,
  type CancellationToken, type Connection, type InitializeParams, type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { WorkspaceIndex } from './analyzerApi.ts';
import { DocumentAnalyses } from './documentAnalyses.ts';
import { IdleCollector } from './idleMemory.ts';
import { toDiagnostic } from './diagnostics.ts';
import { codeActionsFor, onlyKinds } from './features/codeActions.ts';
import { hoverAt } from './features/hover.ts';
import { profileLenses } from './features/lenses.ts';
import { loopHeatHints } from './features/inlayHints.ts';
import { definitionAt } from './features/navigation.ts';
import { highlightsAt, referencesAt } from './features/references.ts';
import { incomingCalls, outgoingCalls, prepareCallHierarchy } from './features/callHierarchy.ts';
import { CallSites } from './features/callSites.ts';
import { ProjectConfigProblems } from './features/projectConfigProblems.ts';
import { documentSymbols, workspaceSymbols } from './features/symbols.ts';
import { checkWorkspace, ruleList } from './workspaceCheck.ts';
import { CheckWorkspaceRequest, clientCommandsOf, OpenRuleDocumentationCommand, type ClientCommands, ProfileHypothesesRequest, RuleListRequest, type ProfileHypothesesParams } from './protocol.ts';
import { profileHypotheses } from './profileHypotheses.ts';
import { PushDiagnostics } from './pushDiagnostics.ts';
import { ruleDocUri } from './ruleDocs.ts';
import { defaultSettings, mergeSettings, SettingsStore, type ServerSettings } from './settings.ts';
import { URI } from './uri.ts';
import { BackgroundIndexer } from './workspace/backgroundIndexer.ts';
import { PLSQL_GLOB } from './workspace/plsqlFiles.ts';
import { WorkspaceFolders } from './workspace/workspaceFolders.ts';
import { FileKeys } from './workspace/fileKeys.ts';

export interface ServerOptions {
  /** Folder holding the rule pages (docs/rules). */
  docsRoot: string;
  /** The index to use (tests and benchmarks pass their own); default: the analyzer's workspace index. */
  index?: WorkspaceIndex;
}

export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const folders = new WorkspaceFolders();
  const keys = new FileKeys(folders);
  const uriOf = (key: string) => keys.uriOf(key);
  const index = options.index ?? new WorkspaceIndex();
  const log = (message: string) => connection.console.log(message);
  let settings: SettingsStore;
  let pull = false;
  let refreshPulls = false;
  let clientCaps: InitializeParams['capabilities'] | undefined;
  let clientCommands: ClientCommands = {};

  const settingsFor = (uri: string) => settings.forDocument(uri);
  const configProblems = new ProjectConfigProblems(connection, log);
  const analyses = new DocumentAnalyses(index, folders, keys, settingsFor, log, (loaded) => configProblems.report(loaded));
  const docUriFor = (s: ServerSettings) => (rule: string) => ruleDocUri(rule, options.docsRoot, s.ruleDocsBaseUrl, clientCommands.ruleDocumentation);
  const idle = new IdleCollector();
  const describeFile = (key: string) => (key.startsWith('file:') ? URI.toPath(key) : key);
  /** Resolved calls of any workspace file, for one request. */
  const callSites = (token: CancellationToken) => new CallSites({
    index, uriOf, openDocument: (uri) => documents.get(uri), analysisOf: (d) => analyses.latest(d), log, isCancelled: () => token.isCancellationRequested,
  });

  /** The diagnostics of the document's current version (undefined when a newer version cancelled its analysis). */
  async function diagnosticsOf(document: TextDocument) {
    const [result, s] = await Promise.all([analyses.analyse(document), settingsFor(document.uri)]);
    idle.touch();
    if (!result) return undefined;
    return { version: result.version, diagnostics: result.analysis.findings.map((f) => toDiagnostic(f, document.uri, docUriFor(s), uriOf)) };
  }

  const push = new PushDiagnostics(
    diagnosticsOf,
    (uri, version, diagnostics) => void connection.sendDiagnostics({ uri, version, diagnostics }),
    async (uri) => (await settingsFor(uri)).diagnostics.debounceMs,
    log,
  );

  const indexer = new BackgroundIndexer(connection, index, keys, (uri) => documents.get(uri) !== undefined, () => revalidateAll(), log);

  /** Cross-file results may have changed: open documents are analysed again. */
  function revalidateAll(): void {
    analyses.invalidate();
    if (pull) {
      if (refreshPulls) void connection.languages.diagnostics.refresh();
    } else {
      for (const document of documents.all()) push.schedule(document);
    }
  }

  /** Runs a handler; a failure is logged and answered with the fallback. */
  function guarded<P, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => Promise<R> | R) {
    return async (params: P, token: CancellationToken): Promise<R> => {
      try {
        if (token.isCancellationRequested) return fallback;
        return await handler(params, token);
      } catch (error) {
        log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return fallback;
      }
    };
  }

  function withDocument<P extends { textDocument: { uri: string } }, R>(
    name: string, fallback: R, handler: (document: TextDocument, params: P, token: CancellationToken) => Promise<R> | R,
  ) {
    return guarded<P, R>(name, fallback, (params, token) => {
      const document = documents.get(params.textDocument.uri);
      return document ? handler(document, params, token) : fallback;
    });
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    clientCaps = caps;
    folders.set(params.workspaceFolders, params.rootUri);
    pull = caps.textDocument?.diagnostic !== undefined;
    refreshPulls = caps.workspace?.diagnostics?.refreshSupport === true;
    const fromClient = mergeSettings(defaultSettings, params.initializationOptions?.settings);
    clientCommands = clientCommandsOf(params.initializationOptions);
    settings = new SettingsStore(connection, caps.workspace?.configuration === true, fromClient);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: false },
        ...(pull ? { diagnosticProvider: { identifier: 'plsql-perf', interFileDependencies: true, workspaceDiagnostics: false } } : {}),
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] },
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        callHierarchyProvider: true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        codeLensProvider: { resolveProvider: false },
        inlayHintProvider: true,
        executeCommandProvider: { commands: [OpenRuleDocumentationCommand] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'plsql-perf', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (clientCaps?.workspace?.didChangeConfiguration?.dynamicRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'plsqlPerf' });
    }
    if (clientCaps?.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: PLSQL_GLOB }, { globPattern: '**/.plsqlperf.json' }],
      });
    }
    if (clientCaps?.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        folders.change(event.added, event.removed);
        void indexer.indexFolders(folders.all(), clientCaps?.window?.workDoneProgress === true);
      });
    }
    void indexer.indexFolders(folders.all(), clientCaps?.window?.workDoneProgress === true);
  });

  connection.onDidChangeConfiguration(() => {
    settings.forget();
    analyses.invalidate({ projectConfig: true });
    revalidateAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    const configChanges = params.changes.filter((c) => c.uri.endsWith('/.plsqlperf.json'));
    if (configChanges.length) {
      analyses.invalidate({ projectConfig: true });
      // read now, not on the next analysis: its problems show even when no PL/SQL file is open
      for (const change of configChanges) void analyses.configFor(change.uri).catch(() => undefined);
      revalidateAll();
    }
    indexer.fileEvents(params.changes);
  });

  documents.onDidOpen((event) => {
    if (!pull) push.schedule(event.document, true);
  });
  documents.onDidChangeContent((event) => {
    analyses.changed(event.document.uri, event.document.version);
    if (!pull) push.schedule(event.document);
  });
  documents.onDidClose((event) => {
    analyses.forget(event.document.uri);
    indexer.reindexFromDisk(event.document.uri);
    if (!pull) push.close(event.document.uri, event.document.version);
  });

  // A pull whose analysis a newer version (or a settings change) cancelled is answered with the next one, never empty.
  connection.languages.diagnostics.on(withDocument('diagnostics', { kind: 'full' as const, items: [] as ReturnType<typeof toDiagnostic>[] },
    async (document, _params, token) => {
      for (;;) {
        const result = await diagnosticsOf(document);
        if (result) return { kind: 'full' as const, items: result.diagnostics };
        if (token.isCancellationRequested || !documents.get(document.uri)) return { kind: 'full' as const, items: [] };
      }
    }));

  connection.onHover(withDocument('hover', null, async (document, params) => {
    const [analysis, s] = await Promise.all([analyses.latest(document), settingsFor(document.uri)]);
    return hoverAt(analysis, params.position, docUriFor(s), describeFile);
  }));

  // Code actions carry edits: they need the analysis of the text they edit, so they wait for this version's.
  connection.onCodeAction(withDocument('codeAction', [], async (document, params) => {
    const [analysis, s] = await Promise.all([analyses.current(document), settingsFor(document.uri)]);
    const actions = analysis ? codeActionsFor(document, analysis, params.context.diagnostics, docUriFor(s), clientCommands) : [];
    return onlyKinds(actions, params.context.only);
  }));

  connection.onDefinition(withDocument('definition', [], async (document, params) =>
    definitionAt(await analyses.latest(document), keys.keyOf(document.uri), index, params.position, uriOf)));

  connection.onReferences(withDocument('references', [], async (document, params, token) =>
    referencesAt(await analyses.latest(document), keys.keyOf(document.uri), index, callSites(token), params.position, params.context.includeDeclaration, uriOf)));

  connection.onDocumentHighlight(withDocument('documentHighlight', [], async (document, params) =>
    highlightsAt(await analyses.latest(document), keys.keyOf(document.uri), index, params.position)));

  connection.languages.callHierarchy.onPrepare(withDocument('prepareCallHierarchy', null, async (document, params) =>
    prepareCallHierarchy(await analyses.latest(document), keys.keyOf(document.uri), index, params.position, uriOf)));
  connection.languages.callHierarchy.onIncomingCalls(guarded('incomingCalls', [], (params, token) => incomingCalls(params.item, index, callSites(token), uriOf)));
  connection.languages.callHierarchy.onOutgoingCalls(guarded('outgoingCalls', [], (params, token) => outgoingCalls(params.item, index, callSites(token), uriOf)));

  connection.onDocumentSymbol(withDocument('documentSymbol', [], async (document) =>
    documentSymbols(await analyses.latest(document), document.uri)));

  connection.onWorkspaceSymbol(guarded('workspaceSymbol', [], (params) => workspaceSymbols(index, params.query, uriOf)));

  connection.onCodeLens(withDocument('codeLens', [], async (document) => {
    const [analysis, s] = await Promise.all([analyses.latest(document), settingsFor(document.uri)]);
    return s.codeLens.profileBlock ? profileLenses(analysis, document.uri) : [];
  }));

  connection.languages.inlayHint.on(withDocument('inlayHint', [], async (document, params) => {
    const [analysis, s] = await Promise.all([analyses.latest(document), settingsFor(document.uri)]);
    return s.inlayHints.loopHeat ? loopHeatHints(analysis, params.range, s.inlayHints.minIterations, s.inlayHints.placement) : [];
  }));

  connection.onExecuteCommand(guarded('executeCommand', null, async (params) => {
    if (params.command !== OpenRuleDocumentationCommand) return null;
    const rule = String(params.arguments?.[0] ?? '');
    const given = params.arguments?.[1];
    // Only links this server could have made: the shipped page or an http(s) page.
    const uri = typeof given === 'string' && /^(file|https?):/.test(given) ? given : ruleDocUri(rule, options.docsRoot, '');
    if (!uri) {
      void connection.window.showWarningMessage(`No documentation page is available for ${rule}.`);
      return null;
    }
    await connection.window.showDocument({ uri, external: !uri.startsWith('file:') });
    return null;
  }));

  connection.onRequest(CheckWorkspaceRequest, guarded('checkWorkspace', null, (_params: unknown, token) =>
    checkWorkspace(index.fileNames.map((key) => ({ key, uri: uriOf(key) })), (uri) => documents.get(uri), (uri) => analyses.configFor(uri), index, log, token,
      async (uri) => (await settingsFor(uri)).sqlFiles)));

  connection.onRequest(ProfileHypothesesRequest, guarded('profileHypotheses', null, (params: ProfileHypothesesParams) => {
    const document = documents.get(params.uri);
    if (!document) return null;
    return profileHypotheses(params, {
      document, analysisOf: (d) => analyses.latest(d), openDocument: (uri) => documents.get(uri), configFor: (uri) => analyses.configFor(uri),
      keyOf: (uri) => keys.keyOf(uri), uriOf, index, log,
    });
  }));

  connection.onRequest(RuleListRequest, guarded('rules', null, () => ruleList((rule) => ruleDocUri(rule, options.docsRoot, ''))));

  documents.listen(connection);
  connection.listen();
}
