/**
 * The bundle's rewrite of antlr4ng's ParserRuleContext (scripts/antlr4ngFastContexts.mjs) applies to the
 * installed antlr4ng, and the rewritten class keeps every child, in order, however they are added.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error the build script is plain JavaScript without type declarations
import { rewriteParserRuleContext } from '../../scripts/antlr4ngFastContexts.mjs';

test('the rewritten ParserRuleContext keeps children in order and sets fields in its constructor', async () => {
  const runtime = createRequire(import.meta.url).resolve('antlr4ng').replace(/index\.cjs$/, 'index.mjs');
  const patched = (rewriteParserRuleContext as (source: string) => string)(readFileSync(runtime, 'utf8'));
  assert.match(patched, /appendChild\(this, child\)/);
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-patch-'));
  try {
    const file = join(dir, 'antlr4ng.mjs');
    writeFileSync(file, patched);
    const antlr = await import(pathToFileURL(file).href);
    const parent = new antlr.ParserRuleContext(null);
    assert.deepEqual(parent.children, []);
    const added = [];
    for (let i = 0; i < 5; i++) {
      const child = i % 2 ? parent.addTokenNode(antlr.CommonToken.fromType(1, `t${i}`)) : parent.addChild(new antlr.ParserRuleContext(parent));
      added.push(child);
      assert.deepEqual(parent.children, added, `after ${i + 1} children`);
    }
    parent.removeLastChild();
    assert.deepEqual(parent.children, added.slice(0, 4));
    assert.equal(parent.getChildCount(), 4);
    assert.equal(parent.getChild(1), added[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
