import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// The name rules are flat token lists written out more than once for speed (see the grammar); this test
// keeps them consistent.
const grammar = readFileSync(new URL('../../grammar/PlSqlParser.g4', import.meta.url), 'utf8');
const lexer = readFileSync(new URL('../../grammar/PlSqlLexer.g4', import.meta.url), 'utf8');

function ruleTokens(name: string): Set<string> {
  const match = new RegExp(`\\n${name}\\n    :([\\s\\S]*?)\\n    ;`).exec(grammar);
  assert.ok(match, `rule ${name} exists`);
  return new Set(match[1]!.replace(/\/\/.*$/gm, '').split(/[\s|()]+/).filter((t) => /^[A-Z][A-Z0-9_]*$/.test(t)));
}

const keywordTokens = [...lexer.matchAll(/^([A-Z][A-Z0-9_]*)\s*: '([a-z][a-z0-9_]*)';$/gm)].map((m) => m[1]!);

test('aliasName is within identifier, identifier within anyName', () => {
  const alias = ruleTokens('aliasName');
  const identifier = ruleTokens('identifier');
  const anyName = ruleTokens('anyName');
  assert.deepEqual([...alias].filter((t) => !identifier.has(t)), []);
  assert.deepEqual([...identifier].filter((t) => !anyName.has(t)), []);
});

test('every keyword of the lexer can be used as a name after a dot (anyName)', () => {
  const anyName = ruleTokens('anyName');
  assert.ok(keywordTokens.length > 200, 'keywords were found in the lexer');
  assert.deepEqual(keywordTokens.filter((t) => !anyName.has(t)), []);
});

test('the inlined head of nameChain is exactly identifier', () => {
  const identifier = ruleTokens('identifier');
  const chain = ruleTokens('nameChain');
  chain.delete('DOT');
  for (const other of [...chain]) if (!identifier.has(other) && other !== 'DOT') chain.delete(other);
  assert.deepEqual([...identifier].filter((t) => !chain.has(t)), []);
});

test('labelReference is anyName without the words that follow END or EXIT structurally', () => {
  const anyName = ruleTokens('anyName');
  const label = ruleTokens('labelReference');
  const missing = [...anyName].filter((t) => !label.has(t)).sort();
  assert.deepEqual(missing, ['CASE', 'IF', 'LOOP', 'WHEN']);
});
