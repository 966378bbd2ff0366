// Every reader on output written from its tool's documented format (not only the seeds'), with exact counts,
// and on malformed and truncated input: a clear error, or the readable part kept with every skipped line
// listed; never a number that is not in the input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../../server/src/profile/import/detectFormat.ts';
import { importTraces, readTrace } from '../../../server/src/profile/import/importTrace.ts';
import { TraceImportError } from '../../../server/src/profile/import/traceEvidence.ts';
import { loadProfile } from '../../../server/src/profile/loadProfile.ts';
import { cli, repoRoot, TRACES } from './importSupport.ts';

const text = (name: string): string => readFileSync(join(repoRoot, TRACES, name), 'latin1');
const read = (name: string, format?: Parameters<typeof readTrace>[1]) => readTrace({ file: name, text: text(name) }, format);
const counts = (ev: { functions: { name: string; calls: number }[] }) => Object.fromEntries(ev.functions.map((f) => [f.name, f.calls]));
const unread = (ev: { unread: { line: number; text: string }[] }) => ev.unread.map((u) => u.line);

test('DTrace @[probefunc] = count(): one record a line, the dtrace chatter known', () => {
  const ev = read('tool-dtrace-probefunc.txt');
  assert.equal(ev.format, 'dtrace-aggregation');
  assert.deepEqual(counts(ev), { kgecss: 2, kgeade: 20000, kgebse: 20000, kgeselv: 20000, kgegec: 80000 });
  assert.deepEqual(ev.unread, []);
});

test('DTrace with two aggregations of the same keys: the first (counts) is kept, the second (time sums) listed as not read', () => {
  const ev = read('tool-dtrace-two-aggregations.txt');
  assert.deepEqual(counts(ev), { kglPinSetContext: 1000004, kglpnp: 1000006 });
  assert.deepEqual(ev.functions.map((f) => f.module), ['oracle', 'oracle']);
  assert.deepEqual(unread(ev), [7, 8]);
  assert.equal(ev.pid, 4711, 'from -p 4711 in the command line');
  assert.ok(ev.estimated.some((e) => /kglpnp appears in more than one aggregation/.test(e)));
});

test('DTrace module`function keys keep their module', () => {
  const ev = read('tool-dtrace-modfunc.txt');
  assert.deepEqual(ev.functions, [
    { name: 'kgiPinObject', module: 'oracle', calls: 1000002 },
    { name: 'kglpnp', module: 'oracle', calls: 1000006 },
    { name: 'memset', module: 'libc.so.1', calls: 1200 },
  ]);
  assert.equal(ev.platform, 'Solaris');
});

test('bpftrace maps: @name[key]: count', () => {
  const ev = read('tool-bpftrace-map.txt');
  assert.equal(ev.tool, 'bpftrace');
  assert.deepEqual(counts(ev), { kglPinSetContext: 1000004, kglpnp: 1000006 });
  assert.deepEqual(ev.unread, []);
});

test('bpftrace ustack maps: stacks root first, counts as calls because the command probes write', () => {
  const ev = read('tool-bpftrace-ustack.txt');
  assert.equal(ev.format, 'ustack-aggregation');
  assert.equal(ev.tool, 'bpftrace');
  assert.deepEqual(ev.stacks, [
    { frames: ['pifipr', 'lfibwrb', 'slfiwrb', '__write'], count: 1589 },
    { frames: ['sjonfile_write', '__write'], count: 1165 },
  ]);
  assert.equal(ev.stackCounts, 'calls');
});

test('bpftrace size map and DTrace size table: exact sizes per syscall', () => {
  const bpf = read('tool-bpftrace-sizes.txt');
  assert.equal(bpf.format, 'size-aggregation');
  assert.deepEqual([...bpf.sizes.get('write')!], [[32767, 12], [4095, 18870], [4096, 132090]]);
  const seed = read('seed-003-write-sizes-tmp.txt');
  assert.deepEqual([...seed.sizes.keys()], ['write']);
  assert.deepEqual(seed.estimated, [], 'the D clause names __write: nothing guessed');
});

test('a malformed size row is listed as not read, never turned into a number', () => {
  const ev = read('tool-sizes-malformed.txt');
  assert.deepEqual([...ev.sizes.get('write')!], [[4095, 18870], [32767, 12]]);
  assert.deepEqual(ev.unread, [{ line: 4, text: '4096           13x090' }]);
  assert.match(ev.estimated.join('\n'), /does not name the probed call: the sizes are read as write\(\) sizes/);
});

test('truss -c and strace -c summaries: calls, seconds, errors, elapsed; the rows checked against the totals', () => {
  const truss = read('seed-004-truss-c-windows-client.txt');
  assert.deepEqual(truss.syscalls.map((s) => [s.name, s.calls, s.seconds, s.errors]), [
    ['read', 2, 0, 0], ['write', 2, 0, 0], ['times', 45, 0, 0], ['yield', 196, 0, 0], ['pollsys', 1355248, 5.608, 0],
  ]);
  assert.equal(truss.elapsedMs, 80360);
  assert.deepEqual(truss.estimated, [], 'the rows add up to the sys totals');
  const strace = read('seed-004-strace-c-linux.txt');
  assert.equal(strace.format, 'strace-summary');
  assert.deepEqual(strace.syscalls.find((s) => s.name === 'poll'), { name: 'poll', calls: 54550, seconds: 0.001383, errors: 0 });
  assert.equal(strace.pid, 28730);
});

test('a truss -c table without its totals, and a strace -c table whose rows miss calls, say so', () => {
  const cut = read('tool-truss-c-truncated.txt');
  assert.equal(cut.syscalls.find((s) => s.name === 'pollsys')!.calls, 1355248);
  assert.match(cut.estimated.join('\n'), /no totals line after the 3 syscall rows: the summary may be cut short/);
  const missing = read('tool-strace-c-missing-row.txt');
  assert.match(missing.estimated.join('\n'), /the rows add up to 54554 calls but the totals line says 54573/);
  assert.deepEqual(missing.syscalls.find((s) => s.name === 'openat'), { name: 'openat', calls: 4, seconds: 0.00002, errors: 1 });
});

test('strace -f -tt line log: calls per syscall, errors, resumed calls, returned sizes; a cut-off call is listed', () => {
  const ev = read('tool-strace-f-log.txt');
  assert.equal(ev.format, 'syscall-log');
  assert.equal(ev.tool, 'strace');
  assert.deepEqual(ev.syscalls.map((s) => [s.name, s.calls, s.errors ?? 0]), [['openat', 2, 1], ['read', 2, 0], ['poll', 1, 0]]);
  assert.deepEqual([...ev.sizes.get('read')!], [[512, 2]]);
  assert.deepEqual(unread(ev), [9], 'the last read has no result');
  assert.match(ev.estimated.join('\n'), /2 processes or threads \(5522, 5523\)/);
});

test('truss line log (seed 001): reads of fd 9, 512 bytes each; the elisions listed', () => {
  const ev = read('seed-001-truss-read.txt');
  assert.equal(ev.tool, 'truss');
  assert.deepEqual(ev.syscalls, [{ name: 'read', calls: 9 }]);
  assert.deepEqual([...ev.sizes.get('read')!], [[512, 9]]);
  assert.equal(ev.pid, 5522);
  assert.deepEqual(ev.unread.map((u) => u.text), ['...', '...']);
});

test('perf report --stdio with children: self shares of the sample count; call-graph lines listed', () => {
  const ev = read('tool-perf-report-children.txt');
  assert.equal(ev.format, 'perf-report');
  assert.deepEqual(ev.stacks, [
    { frames: ['kgiPinObject'], count: 900 },
    { frames: ['kglpnp'], count: 400 },
    { frames: ['__memset_avx2_unaligned_erms'], count: 250 },
    { frames: ['clear_page_erms'], count: 100 },
  ]);
  assert.deepEqual(unread(ev), [17, 18, 19]);
  assert.match(ev.estimated.join('\n'), /rounds the sample count \(2,000\)/);
  assert.match(ev.estimated.join('\n'), /children shares are not imported/);
});

test('perf report --stdio without children: exact sample count', () => {
  const ev = read('tool-perf-report-self.txt');
  assert.deepEqual(ev.stacks.map((s) => [s.frames[0], s.count]), [['slmsrd', 550], ['__read', 300], ['kgebse', 150]]);
});

test('perf script: one sample per header, frames root first', () => {
  const ev = read('tool-perf-script.txt');
  assert.equal(ev.format, 'perf-script');
  assert.deepEqual(ev.stacks, [
    { frames: ['plsql_run', 'pfrinstr_XCAL_SCAL', 'kgiPinObject'], count: 1 },
    { frames: ['plsql_run', 'pfrinstr_XCAL_SCAL', 'kgiPinObject'], count: 1 },
    { frames: ['plsql_run', '__memset_avx2_unaligned_erms'], count: 1 },
  ]);
  assert.equal(ev.pid, 5522);
  assert.equal(ev.comm, 'oracle');
});

test('pstack: Solaris (seed 004) and a Linux gdb loop, one sample per snapshot', () => {
  const sol = read('seed-004-pstack.txt');
  assert.equal(sol.stacks.length, 1);
  assert.deepEqual(sol.stacks[0]!.frames.slice(-6), ['nioqts', 'nsmore2recv', 'snttmoredata', 'sntpoltsts', 'poll', 'pollsys']);
  assert.equal(sol.stacks[0]!.frames[0], '[unknown]', '???????? is an unknown frame, not a name');
  assert.equal(sol.pid, 19200);
  assert.equal(sol.comm, 'oracleSOL10G');
  const loop = read('tool-pstack-linux-loop.txt');
  assert.equal(loop.platform, 'Linux');
  assert.deepEqual(loop.stacks.map((s) => [s.frames[s.frames.length - 1], s.count]), [['__read_nocancel', 1], ['kgiPinObject', 1], ['__read_nocancel', 1]]);
  const elided = read('seed-001-pstack.txt');
  assert.deepEqual(elided.stacks[0]!.frames, ['opiodr', 'ksemgm', 'kgebem', 'kgebse', 'lmsagbf', 'lmsagb1', 'lmsaprb', 'slmsrd', '__read']);
  assert.match(elided.estimated.join('\n'), /had frames elided/);
});

test('SQL*Plus autotrace: statistics, and session logical reads as consistent gets + db block gets', () => {
  const ev = read('seed-004-autotrace.txt');
  assert.equal(ev.stats.get('consistent gets'), 4089670);
  assert.equal(ev.stats.get('session logical reads'), 4089670);
  assert.deepEqual(ev.unread, []);
});

test('truncated and unreadable input: a clear error naming the file, nothing imported', () => {
  const fails = (name: string, pattern: RegExp, format?: Parameters<typeof readTrace>[1]) => {
    assert.throws(() => read(name, format), (e: Error) => e instanceof TraceImportError && pattern.test(e.message) && e.message.startsWith(`${name}: `));
  };
  fails('tool-ustack-truncated.txt', /ends inside a stack \(3 frames from line 5, no count after them\): truncated\?/);
  fails('tool-perf-script-truncated.txt', /ends with a sample header and no frame \(line 4\): truncated\?/);
  fails('tool-unknown.txt', /cannot tell which tool wrote it \(2 lines, none in a known format\); name the format with --format/);
  fails('tool-binary.bin', /binary data, not a text trace/);
  fails('tool-dtrace-probefunc.txt', /no perf report column header/, 'perf-report');
  assert.throws(() => readTrace({ file: 'empty.txt', text: '\n\n' }), /empty\.txt: empty/);
});

test('format detection picks each tool', () => {
  const expected: Record<string, string> = {
    'seed-000-fcalls-proc.txt': 'dtrace-aggregation', 'seed-000-ustack-proc.txt': 'ustack-aggregation', 'seed-001-kge-12.2.txt': 'dtrace-aggregation',
    'seed-001-truss-read.txt': 'syscall-log', 'seed-001-pstack.txt': 'pstack', 'seed-001-strace-c-19c.txt': 'strace-summary',
    'seed-002-gethrtime-ustack-11g.txt': 'ustack-aggregation', 'seed-002-gettimeofday-count.txt': 'dtrace-aggregation',
    'seed-003-write-sizes-tmp.txt': 'size-aggregation', 'seed-003-write-stack-tmp.txt': 'ustack-aggregation', 'seed-004-autotrace.txt': 'autotrace',
    'seed-004-truss-c-windows-client.txt': 'truss-summary', 'seed-004-pstack.txt': 'pstack', 'tool-perf-script.txt': 'perf-script',
    'tool-perf-report-self.txt': 'perf-report', 'tool-bpftrace-sizes.txt': 'size-aggregation', 'tool-bpftrace-map.txt': 'dtrace-aggregation',
    'tool-pstack-linux-loop.txt': 'pstack', 'tool-strace-f-log.txt': 'syscall-log',
  };
  assert.deepEqual(Object.fromEntries(Object.keys(expected).map((f) => [f, detectFormat(text(f))])), expected);
});

test('a keyless count is what the command line probes (seed 002: gettimeofday syscalls)', () => {
  const ev = read('seed-002-gettimeofday-count.txt');
  assert.deepEqual(ev.syscalls, [{ name: 'gettimeofday', calls: 40000640 }]);
  assert.equal(ev.pid, 3017);
});

test('every imported profile validates against both schemas, stacks of unknown rate included', () => {
  const names = ['tool-perf-script.txt', 'tool-pstack-linux-loop.txt', 'tool-bpftrace-ustack.txt', 'tool-strace-f-log.txt', 'tool-perf-report-children.txt'];
  for (const name of names) {
    const doc = importTraces({ traces: [{ file: name, text: text(name) }], toolVersion: '0.1.0', now: new Date('2026-11-25T00:00:00Z') });
    const r = loadProfile(JSON.parse(JSON.stringify(doc)));
    assert.ok(r.ok, `${name}: ${r.ok ? '' : r.errors.join('\n')}`);
    assert.equal(doc.runs[0]!.probe!.source, 'import');
  }
});

test('the CLI: usage errors and unreadable traces exit 2 with the reason; --out may not be an input', () => {
  const noOut = cli('profile', 'import', `${TRACES}/tool-dtrace-probefunc.txt`);
  assert.equal(noOut.status, 2);
  assert.match(noOut.stderr, /no --out given/);
  const bad = cli('profile', 'import', `${TRACES}/tool-unknown.txt`, '--out', '/tmp/plsql-perf-never-written.json');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^plsql-perf profile import: test\/fixtures\/profile\/import\/tool-unknown\.txt: cannot tell which tool wrote it/);
  const same = cli('profile', 'import', `${TRACES}/tool-dtrace-probefunc.txt`, '--out', `${TRACES}/tool-dtrace-probefunc.txt`);
  assert.equal(same.status, 2);
  assert.match(same.stderr, /is one of the inputs: it would be overwritten/);
  assert.match(cli('profile', 'import', 'x', '--out', 'y', '--iterations', 'many').stderr, /--iterations 'many' is not a positive whole number/);
  assert.match(cli('profile', 'import', 'x', '--out', 'y', '--lines', '9-2', '--source', 'a.sql').stderr, /--lines '9-2' is not a range/);
  assert.match(cli('profile', 'import', 'x', '--out', 'y', '--format', 'csv').stderr, /unknown format 'csv'/);
  assert.equal(cli('profile', 'import', '--help').status, 0);
  assert.equal(cli('profile', 'bogus').status, 2);
});
