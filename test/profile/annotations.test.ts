// The kernel-function knowledge base: longest prefix wins, unknown names stay unannotated, and the data itself
// is consistent (no duplicate prefixes, every source named, every function the probe's catalog and the seeds
// mention has an annotation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { annotateFunction, annotationText, bareFunctionName } from '../../server/src/profile/annotations/annotateFunction.ts';
import { KERNEL_FUNCTIONS, SOURCES } from '../../server/src/profile/annotations/kernelFunctions.ts';

test('the longest matching prefix wins over shorter ones', () => {
  assert.equal(annotateFunction('kgiPinObject')?.matched, 'kgiPinObject');
  assert.equal(annotateFunction('kgiPinObjectExec')?.matched, 'kgiPinObject');
  assert.equal(annotateFunction('kgiind')?.matched, 'kgi');
  assert.equal(annotateFunction('kglpnp')?.matched, 'kglpnp');
  assert.equal(annotateFunction('kglpndl')?.matched, 'kglpndl');
  assert.equal(annotateFunction('kglpnal')?.matched, 'kglpn');
  assert.equal(annotateFunction('kglhdgn')?.matched, 'kgl');
  assert.equal(annotateFunction('kghalf')?.layer, 'memory');
  assert.equal(annotateFunction('kgxyz')?.matched, 'kg');
  assert.equal(annotateFunction('qerstUpdateStats')?.layer, 'rowsource statistics');
  assert.equal(annotateFunction('qertbFetchByRowID')?.matched, 'qertb');
  assert.equal(annotateFunction('qerzzFetch')?.matched, 'qer');
  assert.equal(annotateFunction('slmsrd')?.layer, 'message files');
  assert.equal(annotateFunction('slfiwrb')?.layer, 'files');
  assert.equal(annotateFunction('slxyz')?.layer, 'OS-dependent');
  assert.equal(annotateFunction('snttmoredata')?.layer, 'network');
  assert.equal(annotateFunction('pfrinstr_XCAL_SCAL')?.matched, 'pfrinstr_XCAL');
  assert.equal(annotateFunction('pfrinstr_MULN')?.matched, 'pfrinstr_');
});

test('frames in DTrace and probe notation are reduced to the function name', () => {
  assert.equal(bareFunctionName('oracle`kglpnp+0x140'), 'kglpnp');
  assert.equal(bareFunctionName(' kgebse+384 '), 'kgebse');
  assert.equal(annotateFunction('oracle`kgiPinObject+0xb8')?.name, 'kgiPinObject');
});

test('unknown names get no annotation, and a short exact entry does not swallow longer names', () => {
  assert.equal(annotateFunction('zzz_not_oracle'), undefined);
  assert.equal(annotateFunction(''), undefined);
  assert.equal(annotateFunction('maintenance_loop'), undefined);
  assert.equal(annotateFunction('main')?.layer, 'OS-dependent');
  assert.equal(annotateFunction('KGIPINOBJECT'), undefined, 'matching is case-sensitive, like symbol names');
  assert.match(annotationText('zzz_not_oracle'), /no annotation/);
  assert.match(annotationText('kglpnp'), /^kglpnp \(library cache\): /);
});

test('frames without a symbol say so instead of guessing', () => {
  const lib = annotateFunction('[libc.so.6]');
  assert.equal(lib?.layer, 'unsymbolized');
  assert.match(lib!.summary, /libc\.so\.6/);
  assert.equal(annotateFunction('[unknown]')?.layer, 'unsymbolized');
});

test('the knowledge base has unique prefixes, one-line summaries and known sources', () => {
  const seen = new Set<string>();
  for (const e of KERNEL_FUNCTIONS) {
    assert.ok(!seen.has(e.prefix), `duplicate prefix ${e.prefix}`);
    seen.add(e.prefix);
    assert.ok(e.summary.length > 10 && !e.summary.includes('\n'), `summary of ${e.prefix}`);
    assert.ok(e.summary.endsWith('.'), `summary of ${e.prefix} is a sentence`);
    assert.ok(e.source in SOURCES, `source of ${e.prefix}`);
  }
});

test('every function of the probe catalog and of the golden profile stacks is annotated', () => {
  const catalog = readFileSync(new URL('../../probe/internal/catalog/catalog.go', import.meta.url), 'utf8');
  const names = [...catalog.matchAll(/Functions:\s*\[\]string\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/"([^"]+)"/g)].map((n) => n[1]!));
  assert.ok(names.length >= 15, `read ${names.length} catalog functions`);
  const golden = JSON.parse(readFileSync(new URL('../../probe/schema/testdata/golden-profile.json', import.meta.url), 'utf8'));
  const frames = golden.collectors.stacks.folded.flatMap((s: { stack: string }) => s.stack.split(';'));
  for (const name of [...names, ...frames]) assert.ok(annotateFunction(name), `no annotation for ${name}`);
});
