/**
 * The bundle's rewrite of antlr4ng's ATNState and Transition (scripts/antlr4ngAtnFields.mjs): the fields are set
 * in the constructors, and the ATN the rewritten runtime deserializes from our grammar is the same, state by
 * state and transition by transition, with the same own properties in the same order.
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
import { rewriteAtnFields } from '../../scripts/antlr4ngAtnFields.mjs';
import { PlSqlParser } from '../../server/src/parser/generated/PlSqlParser.ts';
import { PlSqlLexer } from '../../server/src/parser/generated/PlSqlLexer.ts';

const rewrite = rewriteAtnFields as (source: string) => string;

/** Every state and transition as plain data: class, own property names in order, and the values that are not objects. */
function describe(atn: original.ATN): unknown[] {
  const plain = (o: object) => [
    o.constructor.name,
    Object.keys(o),
    Object.entries(o).map(([k, v]) => [k, v !== null && typeof v === 'object' ? (v as { stateNumber?: number }).stateNumber ?? typeof v : v]),
  ];
  return atn.states.map((s) => (s === null ? null : [plain(s), s.transitions.map(plain)]));
}

test('the rewritten runtime deserializes the same ATN for our parser and lexer', async () => {
  const runtime = createRequire(import.meta.url).resolve('antlr4ng').replace(/index\.cjs$/, 'index.mjs');
  const source = readFileSync(runtime, 'utf8');
  const rewritten = rewrite(source);
  assert.match(rewritten, /this\.nextTokenWithinRule = undefined;/);
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-atn-fields-'));
  try {
    const file = join(dir, 'antlr4ng.mjs');
    writeFileSync(file, rewritten);
    const antlr = (await import(pathToFileURL(file).href)) as typeof original;
    for (const recognizer of [PlSqlParser, PlSqlLexer]) {
      const serialized = (recognizer as unknown as { _serializedATN: number[] })._serializedATN;
      const before = describe(new original.ATNDeserializer().deserialize(serialized));
      const after = describe(new antlr.ATNDeserializer().deserialize(serialized));
      assert.equal(after.length, before.length);
      assert.deepEqual(after, before, recognizer.name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a runtime whose classes changed fails the build instead of being left as it was', () => {
  assert.throws(() => rewrite('var ATNState = class _ATNState {};'), /expected one/);
});
