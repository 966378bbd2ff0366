// The profile contract between plsql-probe (Go) and the extension: the golden profile validates
// against probe/schema/profile-v1.schema.json, mutated copies are rejected, and the golden file
// satisfies the TypeScript types in server/src/profile/contract/probeProfile.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Profile } from '../../server/src/profile/contract/probeProfile.ts';
import goldenJson from '../../probe/schema/testdata/golden-profile.json' with { type: 'json' };
import goldenDtraceJson from '../../probe/schema/testdata/golden-dtrace-profile.json' with { type: 'json' };

const root = new URL('../../', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('probe/schema/profile-v1.schema.json', root), 'utf8')) as object;

function load(file = 'golden-profile.json'): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`probe/schema/testdata/${file}`, root), 'utf8')) as Record<string, unknown>;
}

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  return ajv.compile(schema);
}

// Compile-time check (npm run typecheck): JSON imports widen literals ('ok' becomes string), so
// compare against the Profile type with literal unions widened. A missing or misspelt required
// field, or a wrong value type, fails the type check.
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (infer U)[]
        ? Widen<U>[]
        : T extends object
          ? { [K in keyof T]: Widen<T[K]> }
          : T;
const typedGolden: Widen<Profile> = goldenJson;
const typedDtraceGolden: Widen<Profile> = goldenDtraceJson;

test('golden profile validates against the schema', () => {
  const validate = validator();
  const ok = validate(load());
  assert.equal(ok, true, JSON.stringify(validate.errors, null, 2));
});

test('mutated profiles are rejected', () => {
  const validate = validator();
  const mutations: [string, (p: Record<string, unknown>) => void][] = [
    ['missing required field', (p) => delete p.target],
    ['unknown top-level field', (p) => (p.surprise = true)],
    ['wrong version', (p) => (p.version = 2)],
    ['negative count', (p) => {
      const c = p.collectors as { functions: { functions: { calls: number }[] } };
      c.functions.functions[0]!.calls = -1;
    }],
    ['unknown fd kind', (p) => {
      const c = p.collectors as { syscalls: { writes: { fd_kind: string }[] } };
      c.syscalls.writes[0]!.fd_kind = 'tty';
    }],
    ['unknown pattern id', (p) => {
      (p.patterns as { id: string }[])[0]!.id = 'made-up';
    }],
    ['unknown source', (p) => (p.source = 'perf')],
    ['unknown syscall mode', (p) => {
      (p.collectors as { syscalls: { mode: string } }).syscalls.mode = 'sampled';
    }],
    ['unknown probe site', (p) => {
      (p.collectors as { functions: { functions: { probe_site: string }[] } }).functions.functions[0]!.probe_site = 'jump';
    }],
    ['site costs without other', (p) => {
      delete (p.overhead as { ns_per_site_hit: { other?: number } }).ns_per_site_hit.other;
    }],
    ['syscall nr below -1', (p) => {
      (p.collectors as { syscalls: { syscalls: { nr: number }[] } }).syscalls.syscalls[0]!.nr = -2;
    }],
  ];
  for (const [name, mutate] of mutations) {
    const copy = load();
    mutate(copy);
    assert.equal(validate(copy), false, `${name} was accepted`);
  }
});

test('golden profile satisfies the TypeScript types', () => {
  assert.equal(typedGolden.version, 1);
  const p = load() as unknown as Profile;
  const pins = p.collectors.functions?.functions.find((f) => f.name === 'kgiPinObject');
  assert.equal(pins?.pattern, 'library-cache-pins');
  assert.ok((pins?.calls ?? 0) > 0);
  const fileWrites = p.collectors.syscalls?.writes.find((w) => w.syscall === 'write' && w.fd_kind === 'file');
  const sizes = new Map(fileWrites?.top_sizes.map((s) => [s.size, s.calls]));
  assert.ok(sizes.has(4096) && sizes.has(32767), 'the 4096 / 32767 write pattern is in the golden file');
  assert.equal(p.collectors.syscalls?.polls.total, p.collectors.syscalls?.polls.by_syscall['poll']);
  assert.ok(p.collectors.stacks?.folded.every((f) => f.stack.includes(';')));
  assert.ok(p.overhead.label.includes('estimate'));
  assert.equal(pins?.probe_site, 'push');
  assert.ok((p.overhead.ns_per_site_hit?.other ?? 0) > (p.overhead.ns_per_site_hit?.push ?? 0));
  const summary = p.patterns.find((s) => s.id === 'library-cache-pins');
  assert.equal(summary?.rule, 'standalone-call-in-loop');
});

// The profile that plsql-probe import-dtrace makes from a recorded Solaris DTrace run
// (probe/internal/dtrace/testdata/solaris-catalog.out; the Go test keeps the file current).
test('imported DTrace profile validates against the schema and the types', () => {
  const validate = validator();
  const p = load('golden-dtrace-profile.json');
  assert.equal(validate(p), true, JSON.stringify(validate.errors, null, 2));
  assert.equal(typedDtraceGolden.source, 'dtrace');
  const prof = p as unknown as Profile;
  assert.equal(prof.collectors.syscalls?.mode, 'count');
  assert.equal(prof.collectors.syscalls?.polls.by_syscall['pollsys'], 1355248);
  const fileWrites = prof.collectors.syscalls?.writes.find((w) => w.syscall === 'write' && w.fd_kind === 'file');
  assert.deepEqual(fileWrites?.top_sizes, [{ size: 4096, calls: 132090 }, { size: 4095, calls: 18870 }]);
  assert.equal(prof.patterns.find((s) => s.id === 'library-cache-pins')?.calls, 3000012);
  assert.ok(prof.collectors.stacks?.folded[0]?.stack.endsWith(';pfrinstr_XCAL_SCAL;kgiPinObject'));
  const copy = load('golden-dtrace-profile.json');
  (copy as { source: string }).source = 'solaris';
  assert.equal(validate(copy), false, 'an unknown source was accepted');
});
