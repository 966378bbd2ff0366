/**
 * Entry of the bundled language server (dist/server.cjs). The transport comes from the command line, as
 * vscode-languageclient passes it (--node-ipc, --stdio, --socket=N, --pipe=NAME).
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { docsRootNextTo } from './docsRoot.ts';
import { startServer } from './server.ts';

startServer(createConnection(ProposedFeatures.all), { docsRoot: docsRootNextTo(process.argv[1]) });
