/**
 * `node:test` as the in-process mutation runner sees it (scripts/mutation-runner.mjs; the bundle of
 * test/rules/mutationTests.ts maps `node:test` here): `test`, `it`, `describe`, `before` and `after` register what
 * a test file declares instead of running it, so that one process can run the same tests again for every mutant.
 * Only what the suite's test files use is here (no subtests, skip or mocks); anything else fails loudly at load.
 */

export interface RegisteredTest {
  /** `<test file> > <describe> > <name>`: stable from the dry run to every mutant run */
  id: string;
  file: string;
  run: () => Promise<void>;
}

export interface Registry {
  tests: RegisteredTest[];
  before: (() => unknown)[];
  after: (() => unknown)[];
  /** the test file being loaded (set by mutationTests.ts around each import) */
  file: string;
}

type Body = () => unknown;

const registry = ((globalThis as Record<string, unknown>).__mutationTestRegistry ??= {
  tests: [], before: [], after: [], file: '(unknown)',
}) as Registry;

const prefixes: string[] = [];

export function test(name: string, optionsOrBody: object | Body, maybeBody?: Body): void {
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody;
  if (typeof body !== 'function') throw new Error(`mutation runner: test "${name}" has no body`);
  if (typeof optionsOrBody === 'object' && Object.keys(optionsOrBody).length > 0) {
    throw new Error(`mutation runner: test options are not supported (${name}: ${Object.keys(optionsOrBody).join(', ')})`);
  }
  if (body.length > 0) throw new Error(`mutation runner: test "${name}" takes a context or callback, not supported`);
  const file = registry.file;
  registry.tests.push({ id: [file, ...prefixes, name].join(' > '), file, run: async () => { await body(); } });
}

export const it = test;

export function describe(name: string, body: Body): void {
  prefixes.push(name);
  try {
    const result = body();
    if (result instanceof Promise) throw new Error(`mutation runner: describe "${name}" is async, not supported`);
  } finally {
    prefixes.pop();
  }
}

/** File-level set-up (a temporary folder): run once after loading, not per test. */
export function before(body: Body): void {
  registry.before.push(body);
}

export function after(body: Body): void {
  registry.after.push(body);
}
