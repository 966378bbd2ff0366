/**
 * A real LSP client over stdio for the tests and the latency benchmark: spawns a server command, speaks
 * JSON-RPC with vscode-languageserver-protocol, and collects what the server pushes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  createProtocolConnection, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, ExitNotification, InitializedNotification, InitializeRequest,
  PublishDiagnosticsNotification, ShutdownRequest, StreamMessageReader, StreamMessageWriter,
  type ClientCapabilities, type Diagnostic, type ProtocolConnection, type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node.js';
import { pathToFileURL } from 'node:url';

export interface LspClient {
  connection: ProtocolConnection;
  process: ChildProcess;
  stderr: () => string;
  /** Log messages the server sent (window/logMessage). */
  logs: string[];
  /** Every textDocument/publishDiagnostics received, in order. */
  published: PublishDiagnosticsParams[];
  /** The values of every $/progress notification received, in order. */
  progress: { kind: string; title?: string; message?: string; percentage?: number }[];
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept`. */
  nextDiagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, version?: number): void;
  /** One incremental change: replace `line`'s characters `from`..`to` (0-based) with `text`. */
  change(uri: string, version: number, line: number, from: number, to: number, text: string): Promise<void>;
  close(): Promise<number | null>;
}

export const fileUri = (path: string): string => pathToFileURL(path).href;

export async function startClient(
  command: string[],
  options: { rootPath: string; capabilities?: ClientCapabilities; initializationOptions?: unknown },
): Promise<LspClient> {
  const proc = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const waiters: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const logs: string[] = [];
  const published: PublishDiagnosticsParams[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    for (const w of [...waiters]) {
      if (w.uri === params.uri && w.accept(params)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(params);
      }
    }
  });
  connection.onNotification('window/logMessage', (p: { message: string }) => logs.push(p.message));
  const progress: LspClient['progress'] = [];
  connection.onNotification('$/progress', (p: { value: LspClient['progress'][number] }) => progress.push(p.value));
  // Answer the server's own requests the way a minimal editor does.
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  connection.listen();
  const rootUri = fileUri(options.rootPath);
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'ws' }],
    capabilities: options.capabilities ?? {},
    initializationOptions: options.initializationOptions,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    process: proc,
    stderr: () => stderr,
    logs,
    published,
    progress,
    nextDiagnostics(uri, accept = () => true) {
      return new Promise((resolve) => waiters.push({ uri, accept, resolve }));
    },
    open(uri, text, version = 1) {
      void connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'plsql', version, text } });
    },
    change(uri, version, line, from, to, text) {
      return connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character: from }, end: { line, character: to } }, text }],
      });
    },
    async close() {
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

export type { Diagnostic };
