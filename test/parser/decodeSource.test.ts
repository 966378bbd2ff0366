import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSource } from '../../server/src/parser/decodeSource.ts';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

test('decodeSource: plain ASCII is UTF-8 without BOM', () => {
  assert.deepEqual(decodeSource(bytes(0x62, 0x65, 0x67, 0x69, 0x6e)), { text: 'begin', encoding: 'utf-8', bom: false });
});

test('decodeSource: empty input', () => {
  assert.deepEqual(decodeSource(new Uint8Array(0)), { text: '', encoding: 'utf-8', bom: false });
});

test('decodeSource: valid multi-byte UTF-8 (é, €, 😀)', () => {
  const r = decodeSource(bytes(0xc3, 0xa9, 0x20, 0xe2, 0x82, 0xac, 0x20, 0xf0, 0x9f, 0x98, 0x80));
  assert.deepEqual(r, { text: 'é € 😀', encoding: 'utf-8', bom: false });
});

test('decodeSource: UTF-8 BOM is detected and stripped', () => {
  assert.deepEqual(decodeSource(bytes(0xef, 0xbb, 0xbf, 0x78, 0xc3, 0xa9)), { text: 'xé', encoding: 'utf-8', bom: true });
});

test('decodeSource: UTF-8 BOM with invalid bytes stays UTF-8 (replacement character)', () => {
  assert.deepEqual(decodeSource(bytes(0xef, 0xbb, 0xbf, 0x61, 0xe9)), { text: 'a\ufffd', encoding: 'utf-8', bom: true });
});

test('decodeSource: UTF-16LE with BOM', () => {
  // "a€" = 61 00, AC 20
  assert.deepEqual(decodeSource(bytes(0xff, 0xfe, 0x61, 0x00, 0xac, 0x20)), { text: 'a€', encoding: 'utf-16le', bom: true });
});

test('decodeSource: UTF-16BE with BOM', () => {
  assert.deepEqual(decodeSource(bytes(0xfe, 0xff, 0x00, 0x61, 0x20, 0xac)), { text: 'a€', encoding: 'utf-16be', bom: true });
});

test('decodeSource: UTF-16BE surrogate pair', () => {
  // U+1F600 = D83D DE00
  assert.deepEqual(decodeSource(bytes(0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00)), { text: '😀', encoding: 'utf-16be', bom: true });
});

test('decodeSource: Latin-1 bytes fall back to windows-1252', () => {
  // "café" in Latin-1: 63 61 66 E9
  assert.deepEqual(decodeSource(bytes(0x63, 0x61, 0x66, 0xe9)), { text: 'café', encoding: 'windows-1252', bom: false });
});

test('decodeSource: windows-1252 maps 0x80..0x9F per WHATWG (incl. unassigned bytes)', () => {
  const r = decodeSource(bytes(0x80, 0x92, 0x93, 0x94, 0x81, 0x8d, 0x8f, 0x90, 0x9d, 0x9f, 0xff, 0x00));
  assert.equal(r.encoding, 'windows-1252');
  assert.equal(r.text, '\u20ac\u2019\u201c\u201d\u0081\u008d\u008f\u0090\u009d\u0178\u00ff\u0000');
});

test('decodeSource: truncated UTF-8 sequence falls back to windows-1252', () => {
  assert.deepEqual(decodeSource(bytes(0x61, 0xe2, 0x82)), { text: 'a\u00e2\u201a', encoding: 'windows-1252', bom: false });
});

test('decodeSource: overlong / surrogate-encoding UTF-8 is rejected (strict)', () => {
  assert.equal(decodeSource(bytes(0xc0, 0xaf)).encoding, 'windows-1252');
  assert.equal(decodeSource(bytes(0xed, 0xa0, 0x80)).encoding, 'windows-1252');
});

test('decodeSource: large windows-1252 input (chunking) round-trips every byte', () => {
  const input = new Uint8Array(100_000);
  for (let i = 0; i < input.length; i++) input[i] = i % 256;
  const r = decodeSource(input);
  assert.equal(r.encoding, 'windows-1252');
  assert.equal(r.text.length, input.length);
  assert.equal(r.text.charCodeAt(0x41), 0x41);
  assert.equal(r.text.charCodeAt(0x80), 0x20ac);
  assert.equal(r.text.charCodeAt(256 * 300 + 0xe9), 0xe9);
});

test('decodeSource: never throws on odd-length UTF-16 or random bytes', () => {
  assert.equal(decodeSource(bytes(0xff, 0xfe, 0x61)).encoding, 'utf-16le');
  assert.equal(decodeSource(bytes(0xfe, 0xff, 0x00, 0x61, 0x62)).encoding, 'utf-16be');
  let seed = 42;
  for (let n = 0; n < 200; n++) {
    const b = new Uint8Array(64);
    for (let i = 0; i < b.length; i++) b[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    assert.equal(typeof decodeSource(b).text, 'string');
  }
});
