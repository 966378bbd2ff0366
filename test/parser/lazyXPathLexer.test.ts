/**
 * The bundle's rewrite of antlr4ng's XPathLexer (scripts/antlr4ngLazyXPathLexer.mjs): loading the runtime
 * no longer deserializes the XPath lexer's ATN, and an XPath lexer made later still tokenizes as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as original from 'antlr4ng';
// @ts-expect-error the build script is plain JavaScript without type declarations
import { rewriteXPathLexerDfa } from '../../scripts/antlr4ngLazyXPathLexer.mjs';

const tokens = (antlr: typeof original, text: string) =>
  new antlr.XPathLexer(antlr.CharStream.fromString(text)).getAllTokens().map((t) => `${t.type}:${t.text}`);

test('the rewritten runtime builds the XPath lexer DFA on first use, and the lexer tokenizes as before', async () => {
  const runtime = createRequire(import.meta.url).resolve('antlr4ng').replace(/index\.cjs$/, 'index.mjs');
  const rewritten = (rewriteXPathLexerDfa as (source: string) => string)(readFileSync(runtime, 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-xpath-'));
  try {
    const file = join(dir, 'antlr4ng.mjs');
    writeFileSync(file, rewritten);
    const antlr = (await import(pathToFileURL(file).href)) as typeof original;
    // Private in antlr4ng's typings: read as plain properties.
    type Fields = { __decisionsToDFA?: unknown; __ATN?: unknown; decisionsToDFA: unknown[] };
    const lazyFields = antlr.XPathLexer as unknown as Fields;
    assert.equal(lazyFields.__ATN, undefined, 'no ATN deserialized at load');
    assert.equal(lazyFields.__decisionsToDFA, undefined);
    for (const text of ['//ID', '/expr/primary', "//'*'", '/!ID/*']) assert.deepEqual(tokens(antlr, text), tokens(original, text), text);
    assert.equal(lazyFields.decisionsToDFA.length, (original.XPathLexer as unknown as Fields).decisionsToDFA.length);
    assert.equal(lazyFields.decisionsToDFA, lazyFields.decisionsToDFA, 'built once');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a runtime whose XPathLexer changed fails the build instead of being left as it was', () => {
  assert.throws(() => (rewriteXPathLexerDfa as (source: string) => string)('var XPathLexer = class _XPathLexer {};'), /expected one eager/);
});
