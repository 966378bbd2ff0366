// The evidence loop on the only real Oracle server-process data we have: each seed's published trace output
// (copied unchanged into test/fixtures/profile/import), imported with the seed's PL/SQL as examples/ has it
// through the built CLI. Each card must name the rule and line, be confirmed, and show the seed's ratio.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardOf, cli, importFixtures } from './importSupport.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plsql-perf-import-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('seed 000: kgiPinObject 1,000,002 calls for the 1,000,000 iterations of PROC_BY2: about 1.0 pin per iteration', () => {
  const r = importFixtures(join(dir, 's000.plsqlprofile.json'), ['seed-000-fcalls-proc.txt'], '--source', 'examples/proc_by2.prc', '--lines', '2-9');
  assert.equal(r.status, 0, r.stderr);
  const card = cardOf(r.doc!, 'standalone-call-in-loop');
  assert.equal(card.hypothesis.line, 6);
  assert.equal(card.hypothesis.file, 'examples/proc_by2.prc');
  assert.equal(card.verdict, 'confirmed');
  assert.match(card.reason, /^1,000,002 kgiPinObject calls for 1,000,000 expected calls \(the loop runs about 1,000,000 times\): 1,000,002 \/ 1,000,000 = 1\.00 pins per iteration/);
  assert.equal(r.doc!.provenance!.iterations!.from, 'loop-estimate');
  assert.equal(r.doc!.provenance!.traces[0]!.format, 'dtrace-aggregation');
  assert.equal(r.doc!.provenance!.traces[0]!.unreadCount, 0);
  assert.deepEqual(r.doc!.provenance!.traces[0]!.commands, ['tail -20 fcalls_proc_fun.out']);
  const fns = r.doc!.runs[0]!.probe!.collectors.functions!.functions;
  assert.equal(fns.length, 20, 'the 20 records of the flattened tail -20 line');
  assert.deepEqual(['kglpnp', 'kglPinSetContext', 'kss_get_type'].map((name) => fns.find((f) => f.name === name)!.calls), [1000006, 1000004, 1000028]);
  assert.match(r.stdout, /^CONFIRMED standalone-call-in-loop line 6: /m);
});

test('seed 000: the ustack() output of the same run gives the same ratio; the packaged run is not observed, with its numbers', () => {
  const proc = importFixtures(join(dir, 's000u.plsqlprofile.json'), ['seed-000-ustack-proc.txt'], '--source', 'examples/proc_by2.prc', '--iterations', '1000000');
  assert.equal(proc.status, 0, proc.stderr);
  const card = cardOf(proc.doc!, 'standalone-call-in-loop');
  assert.equal(card.verdict, 'confirmed');
  assert.match(card.reason, /^1,000,002 kgiPinObject calls for 1,000,000 expected calls \(--iterations 1,000,000\): 1,000,002 \/ 1,000,000 = 1\.00 pins per iteration/);
  // The script's printf lines are not aggregation output: listed, not read.
  const unread = proc.doc!.provenance!.traces[0]!.unread.map((u) => u.text);
  assert.ok(unread.includes('kgiPinObject executed 1000002 times, waited in ms: 19482'), unread.join('\n'));

  const pkg = importFixtures(join(dir, 's000p.plsqlprofile.json'), ['seed-000-ustack-pkg.txt'], '--source', 'examples/proc_by2.prc');
  const miss = cardOf(pkg.doc!, 'standalone-call-in-loop');
  assert.equal(miss.verdict, 'not-observed');
  assert.match(miss.reason, /^1 kgiPinObject calls for 1,000,000 expected calls .*: 1 \/ 1,000,000 = 0\.00 pins per iteration; the calls did not pin once each$/);
});

test('seed 001: 2 message-file reads (slmsrd) per handled exception on 12.2; the error path runs twice', () => {
  const r = importFixtures(join(dir, 's001.plsqlprofile.json'), ['seed-001-kge-12.2.txt'], '--source', 'examples/missing_rows.sql');
  assert.equal(r.status, 0, r.stderr);
  const card = cardOf(r.doc!, 'exception-handler-in-loop');
  assert.equal(card.hypothesis.line, 11);
  assert.equal(card.verdict, 'confirmed');
  assert.match(card.reason, /^10,000 exceptions raised for about 10,000 iterations \(20,000 kgebse calls: 2 per exception, the error path runs more than once\), each reading the message file 2 times \(20,000 slmsrd calls\): 20,000 \/ 10,000 = 2\.00 reads per exception$/);
  assert.deepEqual(r.doc!.provenance!.traces[0]!.unread, [{ line: 1, text: '12.2:' }]);
});

test('seed 001 on 12.1: the same handler raises 10,000 exceptions, and the listing has no slmsrd to count reads with', () => {
  const r = importFixtures(join(dir, 's001b.plsqlprofile.json'), ['seed-001-kge-12.1.txt'], '--source', 'examples/missing_rows.sql');
  const card = cardOf(r.doc!, 'exception-handler-in-loop');
  assert.equal(card.verdict, 'confirmed');
  assert.equal(card.reason, '10,000 exceptions raised for about 10,000 iterations; message-file reads were not counted (slmsrd not in the trace)');
});

test('seed 002: every gethrtime call of the 11g index scan was made under qerst* frames (rowsource statistics)', () => {
  const r = importFixtures(join(dir, 's002.plsqlprofile.json'), ['seed-002-gethrtime-ustack-11g.txt'], '--source', 'examples/tuning_leftovers.sql');
  assert.equal(r.status, 0, r.stderr);
  const cards = r.doc!.cards.filter((c) => c.hypothesis.rule === 'plan-statistics-in-code');
  assert.deepEqual(cards.map((c) => c.hypothesis.line), [2, 7, 8, 9]);
  for (const card of cards) {
    assert.equal(card.verdict, 'confirmed');
    assert.match(card.reason, /^39,999,999 of 39,999,999 gethrtime calls \(100%\) were made under qerst\* frames \(rowsource statistics\)/);
  }
  const stacks = r.doc!.runs[0]!.probe!.collectors.stacks!;
  assert.equal(stacks.counts, 'calls', 'the dtrace command probes gethrtime:entry');
  assert.equal(stacks.folded.length, 4);
  assert.equal(r.doc!.provenance!.platform, 'Solaris');
});

test('seed 003: 4 KB writes against the 32767 bytes BLOB_EXPORT_FIXED asks for: the file system chose them', () => {
  const r = importFixtures(join(dir, 's003.plsqlprofile.json'), ['seed-003-write-sizes-tmp.txt'], '--source', 'examples/blob_export_fixed.prc');
  assert.equal(r.status, 0, r.stderr);
  const card = cardOf(r.doc!, 'utl-file-small-buffer');
  assert.equal(card.hypothesis.line, 11, 'the FOPEN line');
  assert.equal(card.verdict, 'confirmed');
  assert.equal(
    card.reason,
    '132,090 of 150,960 writes were 4,096 bytes against the 32,767 bytes the code asked for (618,313,290 bytes in 150,960 writes; at 32,767 bytes a write that is 18,870 writes: 8 writes per 32,767-byte request): the file system path chose the size, not the code',
  );
  assert.equal(r.doc!.staticFindings.filter((f) => f.rule === 'utl-file-small-buffer').length, 0, 'the static check has no hint on this code');
  const hist = r.doc!.runs[0]!.probe!.collectors.syscalls!.writes[0]!;
  assert.deepEqual(hist.top_sizes, [{ size: 4096, calls: 132090 }, { size: 4095, calls: 18870 }]);
  assert.equal(hist.syscall, 'write', 'the D clause above the table probes __write');
});

test('seed 004: 1,355,248 pollsys calls for 4,089,670 logical reads: about 1 in 3, the in-band break card', () => {
  const r = importFixtures(join(dir, 's004.plsqlprofile.json'), ['seed-004-autotrace.txt', 'seed-004-truss-c-windows-client.txt']);
  assert.equal(r.status, 0, r.stderr);
  const card = cardOf(r.doc!, 'in-band-break-checks');
  assert.equal(card.hypothesis.line, undefined, 'a session-level finding has no line');
  assert.equal(card.verdict, 'confirmed');
  assert.match(card.reason, /^1,355,248 pollsys\(\) calls \(0\.33 per logical read, 4,089,670 logical reads\): the client had no out-of-band break/);
  assert.equal(r.doc!.provenance!.elapsedMs, 80360, 'truss -c elapsed: 80.360');
  assert.equal(r.doc!.runs[0]!.probe!.target.pid, 19200, 'from the truss -cp 19200 command line');

  const linux = importFixtures(join(dir, 's004l.plsqlprofile.json'), ['seed-004-autotrace.txt', 'seed-004-truss-c-linux-client.txt']);
  const quiet = cardOf(linux.doc!, 'in-band-break-checks');
  assert.equal(quiet.verdict, 'not-observed');
  assert.equal(quiet.reason, 'no break check polled the socket during the run (0 polls for 4,089,670 logical reads)');
});

test('seed 004 compared: the Windows client run against the Linux client run, metric by metric', () => {
  const windows = join(dir, 'cmp-windows.plsqlprofile.json');
  const linux = join(dir, 'cmp-linux.plsqlprofile.json');
  assert.equal(importFixtures(windows, ['seed-004-autotrace.txt', 'seed-004-truss-c-windows-client.txt']).status, 0);
  assert.equal(importFixtures(linux, ['seed-004-autotrace.txt', 'seed-004-truss-c-linux-client.txt']).status, 0);
  const r = cli('report', windows, '--compare', linux, '--format', 'markdown');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^\| elapsed \| elapsed \| 80\.4 s \| 31\.1 s \| ×0\.39 \|$/m);
  assert.match(r.stdout, /^\| syscall \| pollsys \| 1,355,248 calls \| – \| – \|$/m);
  assert.match(r.stdout, /^\| syscall \| yield \| 196 calls \| 159 calls \| ×0\.81 \|$/m);
});

test('seed 003 on ZFS: 32767-byte writes, so the hints of BLOB_EXPORT are not observed, with the numbers', () => {
  const r = importFixtures(join(dir, 's003z.plsqlprofile.json'), ['seed-003-write-sizes-zfs.txt'], '--source', 'examples/blob_export.prc');
  assert.equal(r.status, 0, r.stderr);
  const cards = r.doc!.cards.filter((c) => c.hypothesis.rule === 'utl-file-small-buffer');
  assert.deepEqual(cards.map((c) => [c.hypothesis.line, c.verdict]), [[10, 'not-observed'], [12, 'not-observed']]);
  for (const c of cards) assert.equal(c.reason, '18,870 of 18,870 writes were 32,767 bytes; 0% of the bytes went in writes under 32,767 bytes: the buffer is used');
  // And code that asks for 32767 gets no measured-only card when its writes are full size.
  const fixed = importFixtures(join(dir, 's003zf.plsqlprofile.json'), ['seed-003-write-sizes-zfs.txt'], '--source', 'examples/blob_export_fixed.prc');
  assert.deepEqual(fixed.doc!.cards, []);
});

test('seed 001 on 19.14 (strace -c): one read() in all for 10,000 iterations bounds the message-file reads', () => {
  const r = importFixtures(join(dir, 's001s.plsqlprofile.json'), ['seed-001-strace-c-19c.txt'], '--source', 'examples/missing_rows.sql');
  const card = cardOf(r.doc!, 'exception-handler-in-loop');
  assert.equal(card.verdict, 'not-measured', 'the trace does not count the raised exceptions');
  assert.match(card.reason, /; the trace has 1 read\(\) calls in all for about 10,000 iterations \(the loop estimate\): 1 \/ 10,000 = 0\.0001 per iteration, so the message file was not read per exception$/);
});
