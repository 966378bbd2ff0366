/**
 * Which numbers in a replayed item's messages are lines of this document (analysis/itemMove.ts,
 * `shiftLineReferences`): `line N` after a blank, `(` or the text's start and not after another file's name,
 * `loop at N`, `<this file>:N`. Those move with the edit; any other number (a count, a line of another file, a
 * number glued to a word) stays, and a line inside a quoted piece of code makes the item walked again (undefined).
 * The edit series of itemMove.test.ts check the messages the rules write; these pin the forms around them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineMap, shiftLineReferences } from '../../server/src/analysis/itemMove.ts';

// a line break typed at line 10: lines from 10 on move down by one
const map = new LineMap(10, 10, 11);
const shift = (text: string) => shiftLineReferences(text, map, 'pkg.pkb');

test('item move lines: a line of this document moves, at the start of the message, after a blank or a parenthesis, or after its own file name', () => {
  assert.equal(shift('line 40: the query'), 'line 41: the query');
  assert.equal(shift(' line 40'), ' line 41');
  assert.equal(shift('SELECT at line 40.'), 'SELECT at line 41.');
  assert.equal(shift('CALC (line 40)'), 'CALC (line 41)');
  assert.equal(shift('loop at 40 -> PKG.LOG_IT -> INSERT at line 9.'), 'loop at 41 -> PKG.LOG_IT -> INSERT at line 9.');
  assert.equal(shift('a call (loop at 40)'), 'a call (loop at 41)');
  assert.equal(shift('pkg.pkb line 40'), 'pkg.pkb line 41');
  assert.equal(shift('pkg.pkb:40 is where'), 'pkg.pkb:41 is where');
  assert.equal(shift('see pkg.pkb:40'), 'see pkg.pkb:41');
  // far into a long message (a call chain): the words before a number are read up to 300 characters back
  const long = `line 40 ${'x'.repeat(400)} line 50`;
  assert.equal(shift(long), `line 41 ${'x'.repeat(400)} line 51`);
});

test('item move lines: other numbers stay: counts, another file\'s lines, numbers glued to a word', () => {
  for (const text of [
    'about 40 rows',
    'loop at 3, then 40 rows',
    'rates.sql line 40',
    'rates.sql\nline 40',
    'rates.sql\tline 40',
    'other.sql:40',
    'pkg.pkb:4, 40 rows',
    'see line 40a',
    'see line x40',
    'LIMIT 1000',
  ]) assert.equal(shift(text), text, JSON.stringify(text));
});

test('item move lines: a line inside a quoted piece of code cannot be placed (the item is walked again)', () => {
  assert.equal(shift("'see line 40' is quoted"), undefined);
  assert.equal(shift("IF l_kind = 'at line 40' THEN"), undefined);
  // an even number of quotes before it: outside the quotes
  assert.equal(shift("IF l_kind = 'x' at line 40"), "IF l_kind = 'x' at line 41");
});
