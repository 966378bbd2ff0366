/** `plsql-perf lsp --stdio`: the same server over standard input and output, for editors other than VS Code. */
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node.js';
import { docsRootNextTo } from './docsRoot.ts';
import { startServer } from './server.ts';

export function startStdioServer(): void {
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  startServer(connection, { docsRoot: docsRootNextTo(process.argv[1]) });
}
