/**
 * What the unit cache keeps while a package body is edited: the items, not one entry per version of the body
 * (each version of a large body was a body-sized key and model, thousands of them), within its size bound.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearUnitCache, parseScript, unitCacheSize } from '../../server/src/syntax/parseScript.ts';

const procedure = (n: number) => `  procedure p${n} is\n  begin\n    update t set c = ${n} where id = ${n};\n  end p${n};\n`;

test('editing one item of a body 50 times caches that item\'s versions, not 50 bodies', () => {
  clearUnitCache();
  const items = Array.from({ length: 200 }, (_, i) => procedure(i));
  const text = (edit: number) => `create or replace package body big as\n${items.join('').replace('set c = 100 ', `set c = ${1000 + edit} `)}end big;\n/\n`;
  for (let edit = 0; edit < 50; edit++) parseScript(text(edit));
  const { entries, textLength } = unitCacheSize();
  const bodyLength = text(0).length;
  // 200 items + 49 more versions of the edited one + the header
  assert.ok(entries <= 200 + 50 + 1, `${entries} entries`);
  assert.ok(textLength < 2 * bodyLength, `${textLength} characters cached for a body of ${bodyLength}`);
});

test('the cache stays within its bound of text however many versions are parsed', () => {
  clearUnitCache();
  const filler = 'x'.repeat(20_000);
  for (let i = 0; i < 150; i++) parseScript(`begin\n  null; -- ${i} ${filler}\nend;\n/\n`);
  assert.ok(unitCacheSize().textLength <= 2 * 1024 * 1024, `${unitCacheSize().textLength} characters cached`);
  assert.ok(unitCacheSize().entries < 150);
});
