// The knowledge base behind the hover annotations covers every function the five seeds name: every function,
// frame and syscall in their published traces (read by the importers from test/fixtures/profile/import) and the
// functions their text discusses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { annotateFunction } from '../../../server/src/profile/annotations/annotateFunction.ts';
import { readTrace } from '../../../server/src/profile/import/importTrace.ts';
import { repoRoot, TRACES } from './importSupport.ts';

/** Functions the seeds' prose names (beyond their traces); "gehrtime()" in seed 002 is its typo for gethrtime. */
const NAMED_IN_TEXT = [
  'plsql_run', 'kglpnp', 'kglPinSetContext', 'kgiPinObject', // 000
  'slmsrd', 'lmsapsc', 'lmsapbn', 'kgebse', 'kgegec', 'kge_is_oserr', // 001
  'qerstSnapStats', 'qerstUpdateStats', 'qerstFetch', 'qerstRowP', 'gethrtime', 'gettimeofday', 'sltrgatime64', 'sltrgftime64', 'sltrgftime64_cgt', 'slcpu', 'slcpums', // 001-002
  'fwrite', 'fflush', 'pifipr', 'slfiwrb', 'slfifl', 'sjonfile_write', '__write', // 003
  'snttmoredata', 'nsmore2recv', 'sntpoltsts', 'pollsys', 'poll', // 004
];

test('every function, frame and syscall in the seeds\' traces, and every function their text names, has an annotation', () => {
  const names = new Set(NAMED_IN_TEXT);
  const dir = join(repoRoot, TRACES);
  for (const file of readdirSync(dir).filter((f) => f.startsWith('seed-'))) {
    const ev = readTrace({ file, text: readFileSync(join(dir, file), 'utf8') });
    for (const f of ev.functions) names.add(f.name);
    for (const s of ev.stacks) for (const frame of s.frames) names.add(frame);
    for (const s of ev.syscalls) names.add(s.name);
  }
  assert.ok(names.size > 120, `${names.size} names`);
  const missing = [...names].filter((n) => annotateFunction(n) === undefined).sort();
  assert.deepEqual(missing, []);
  // The seed-specific facts land on the right entries, not on a family prefix.
  assert.equal(annotateFunction('pollsys')!.matched, 'pollsys');
  assert.equal(annotateFunction('oracle`0x6e80c2b')!.layer, 'unsymbolized');
  assert.equal(annotateFunction('_fwrite_unlocked')!.layer, 'C library');
  assert.equal(annotateFunction('lnxmul')!.matched, 'lnx');
});
