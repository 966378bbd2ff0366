#!/usr/bin/env node
// Generates the TypeScript lexer and parser from grammar/*.g4 with antlr-ng (no Java needed) into
// server/src/parser/generated/ (git-ignored). Skips the work when the output is newer than the grammar.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { inlineTokenConstants } from './inlineTokenConstants.mjs';


const root = new URL('..', import.meta.url).pathname;
const grammarDir = join(root, 'grammar');
const outDir = join(root, 'server/src/parser/generated');
const grammars = ['PlSqlLexer.g4', 'PlSqlParser.g4'].map((g) => join(grammarDir, g));
const stamp = join(outDir, 'PlSqlParser.ts');

const newestGrammar = Math.max(...readdirSync(grammarDir).map((f) => statSync(join(grammarDir, f)).mtimeMs));
if (existsSync(stamp) && statSync(stamp).mtimeMs > newestGrammar && !process.argv.includes('--force')) {
  postProcess(); // a no-op on output already post-processed; brings output of an older build up to date
  console.log('parser is up to date');
  process.exit(0);
}
mkdirSync(outDir, { recursive: true });

const cli = join(root, 'node_modules/antlr-ng/dist/cli/runner.js');
const started = Date.now();
const result = spawnSync(
  process.execPath,
  [cli, '-Dlanguage=TypeScript', '--generate-visitor', 'false', '--generate-listener', 'false',
    '--warnings-are-errors', 'true', '-o', outDir, '--lib', grammarDir, ...grammars],
  { encoding: 'utf8' },
);
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
if (output.trim()) console.log(output.trim());
// antlr-ng reports grammar errors but may still exit 0.
if (result.status !== 0 || /^error\(/m.test(output)) {
  console.error('antlr-ng failed');
  process.exit(result.status ?? 1);
}
postProcess();
console.log(`generated parser in ${Date.now() - started} ms`);

/** Rewrites of the generated files; each is idempotent, so it may run again over its own output. */
function postProcess() {
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.ts'))) {
    const path = join(outDir, file);
    const source = readFileSync(path, 'utf8');
    let text = source;
    // Generated code is not held to our strict compiler settings (unused imports and the like).
    if (!text.startsWith('// @ts-nocheck')) text = `// @ts-nocheck\n${text}`;
    const className = { 'PlSqlParser.ts': 'PlSqlParser', 'PlSqlLexer.ts': 'PlSqlLexer' }[file];
    if (className) text = inlineTokenConstants(text, className).text;
    if (text !== source) writeFileSync(path, text);
  }
}
