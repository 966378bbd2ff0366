/**
 * The `plsql-perf` npm package as a user gets it: `npm pack` (scripts/pack-cli.mjs), `npm install -g` into an
 * empty prefix (offline: the package has no dependencies), then `check`, `report` and `lsp` from a folder
 * outside this repository, and every CI recipe of docs/cli.md run with the installed command.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli } from './runCli.ts';
import { checkSarif } from './sarifCheck.ts';
import { fileUri, startClient } from '../lsp/lspClient.ts';

let tmp: string;
let prefix: string;
let bin: string;
let tarball: string;
let env: NodeJS.ProcessEnv;

const run = (command: string, args: string[], cwd: string): SpawnSyncReturns<string> =>
  spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });

/** A folder outside the repository holding a copy of examples/. */
function outsideWithExamples(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(repoRoot, 'examples'), join(dir, 'examples'), { recursive: true });
  assert.ok(relative(repoRoot, dir).startsWith('..'), `${dir} is outside the repository`);
  return dir;
}

before(() => {
  ensureBuilt();
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'plsql-perf-pack-')));
  const packed = spawnSync(process.execPath, [join(repoRoot, 'scripts/pack-cli.mjs'), '--pack', join(tmp, 'pack')], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(packed.status, 0, packed.stderr);
  tarball = packed.stdout.trim().split('\n').at(-1)!;
  prefix = join(tmp, 'prefix');
  mkdirSync(prefix);
  // An npm of our own home and cache, so nothing of this machine's npm setup is used.
  env = { ...process.env, HOME: join(tmp, 'home'), npm_config_cache: join(tmp, 'npm-cache'), npm_config_userconfig: join(tmp, 'npmrc') };
  env.PATH = `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`;
  const installed = run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], tmp);
  assert.equal(installed.status, 0, `npm install -g failed:\n${installed.stdout}\n${installed.stderr}`);
  bin = join(prefix, 'bin', 'plsql-perf');
  assert.ok(existsSync(bin), `${bin} installed`);
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds the runtime files and nothing of the tests or the sources', () => {
  const listing = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  assert.equal(listing.status, 0, listing.stderr);
  const files = listing.stdout.trim().split('\n').map((f) => f.replace(/^package\//, '')).sort();
  const rulePages = readdirSync(join(repoRoot, 'docs/rules')).filter((n) => n.endsWith('.md')).map((n) => `docs/rules/${n}`);
  assert.deepEqual(files, [
    'LICENSE', 'README.md', 'bin/plsql-perf.mjs', 'dist/check-worker.mjs', 'dist/cli.cjs', 'dist/webview/profile.css', 'dist/webview/profile.js', ...rulePages, 'package.json',
  ].sort());
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages/cli/package.json'), 'utf8'));
  assert.equal(manifest.private, undefined, 'publishable');
  assert.equal(manifest.dependencies, undefined, 'the bundle inlines every dependency');
  assert.equal(manifest.version, JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version);
});

test('installed: `plsql-perf check examples` outside the repository finds what the repository build finds (exit 1)', () => {
  const dir = outsideWithExamples('check');
  const installed = run(bin, ['check', '--format', 'json', 'examples'], dir);
  assert.equal(installed.status, 1, installed.stderr);
  const report = JSON.parse(installed.stdout) as { files: number; findings: { file: string; line: number; rule: string }[]; errors: unknown[] };
  assert.equal(report.files, readdirSync(join(dir, 'examples')).length);
  assert.deepEqual(report.errors, []);
  const found = report.findings.map((f) => `${f.file}:${f.line} ${f.rule}`);
  for (const expected of [
    'examples/billing_pkg.pkb:9 standalone-call-in-loop',
    'examples/billing_pkg.pkb:17 dml-in-loop',
    'examples/blob_export.prc:10 utl-file-small-buffer',
    'examples/missing_rows.sql:11 exception-handler-in-loop',
    'examples/proc_by2.prc:6 standalone-call-in-loop',
    'examples/tuning_leftovers.sql:8 plan-statistics-in-code',
  ]) assert.ok(found.includes(expected), `${expected} in\n${found.join('\n')}`);
  // The fixed versions of the examples are clean.
  assert.deepEqual(found.filter((f) => f.includes('_fixed.')), []);
  const fromRepo = runCli(['check', '--format', 'json', 'examples'], { cwd: dir });
  assert.deepEqual(report.findings, (JSON.parse(fromRepo.stdout) as typeof report).findings);
  // Worker threads start from the installed package too (their script ships next to the bundle), same report.
  const threaded = run(bin, ['check', '--format', 'json', '--jobs', '2', 'examples'], dir);
  assert.equal(threaded.status, 1, threaded.stderr);
  assert.deepEqual((JSON.parse(threaded.stdout) as typeof report).findings, report.findings);
  // Text output and help work the same.
  assert.match(run(bin, ['check', 'examples'], dir).stdout, /^12 files checked, \d+ lines: \d+ findings/m);
  assert.equal(run(bin, ['lsp', '--help'], dir).status, 0);
});

test('installed: `plsql-perf report` writes the HTML report of a saved profile', () => {
  const dir = join(tmp, 'report');
  mkdirSync(dir);
  copyFileSync(join(repoRoot, 'test/fixtures/profile/by2-loop.plsqlprofile.json'), join(dir, 'by2.plsqlprofile.json'));
  const r = run(bin, ['report', 'by2.plsqlprofile.json', '--out', 'by2.html'], dir);
  assert.equal(r.status, 0, r.stderr);
  const html = readFileSync(join(dir, 'by2.html'), 'utf8');
  assert.match(html, /^<!doctype html>/i);
  assert.ok(html.length > 50_000, 'the profile page script is inlined');
});

test('installed: `plsql-perf lsp --stdio` serves diagnostics and links the rule pages shipped in the package', async () => {
  const dir = outsideWithExamples('lsp');
  const client = await startClient([bin, 'lsp', '--stdio'], { rootPath: dir });
  try {
    const uri = fileUri(join(dir, 'examples/proc_by2.prc'));
    const published = client.nextDiagnostics(uri, (p) => p.diagnostics.length > 0);
    client.open(uri, readFileSync(join(dir, 'examples/proc_by2.prc'), 'utf8'));
    const { diagnostics } = await published;
    const standalone = diagnostics.find((d) => d.code === 'standalone-call-in-loop');
    assert.ok(standalone, JSON.stringify(diagnostics));
    const page = standalone.codeDescription?.href ?? '';
    assert.ok(page.startsWith(fileUri(join(prefix, 'lib/node_modules/plsql-perf/docs/rules/'))), page);
  } finally {
    assert.equal(await client.close(), 0, client.stderr());
  }
});

/** The fenced block after `<!-- recipe: NAME -->` in docs/cli.md. */
function recipe(name: string): string {
  const docs = readFileSync(join(repoRoot, 'docs/cli.md'), 'utf8');
  const match = new RegExp(`<!-- recipe: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(docs);
  assert.ok(match, `recipe ${name} in docs/cli.md`);
  return match[1]!;
}

/** Runs a recipe's shell commands in `dir`; the install command is what this test already did with the tarball. */
function runSteps(commands: string[], dir: string): number[] {
  assert.equal(commands[0], 'npm install --global plsql-perf');
  return commands.slice(1).map((command) => run('bash', ['-c', command], dir).status ?? -1);
}

test('recipe: GitHub Actions writes the SARIF file the upload step names; only the last step fails on errors', () => {
  const yaml = recipe('github-actions');
  const dir = outsideWithExamples('github');
  const commands = [...yaml.matchAll(/^\s*- run: (.+)$/gm)].map((m) => m[1]!);
  assert.deepEqual(runSteps(commands, dir), [0, 1], 'the SARIF step passes, the --fail-on error step fails on the examples');
  const sarifFile = /sarif_file: (\S+)/.exec(yaml)?.[1];
  assert.ok(sarifFile);
  const log = JSON.parse(readFileSync(join(dir, sarifFile), 'utf8'));
  assert.deepEqual(checkSarif(log), []);
  assert.ok(log.runs[0].results.length >= 10);
});

test('recipe: GitLab CI writes the Code Quality report its artifact names, with paths relative to the repository', () => {
  const yaml = recipe('gitlab');
  const dir = outsideWithExamples('gitlab');
  const script = yaml.slice(yaml.indexOf('script:'), yaml.indexOf('artifacts:'));
  const commands = [...script.matchAll(/^\s*- (.+)$/gm)].map((m) => m[1]!);
  assert.deepEqual(runSteps(commands, dir), [0]);
  const reportFile = /codequality: (\S+)/.exec(yaml)?.[1];
  assert.ok(reportFile);
  const issues = JSON.parse(readFileSync(join(dir, reportFile), 'utf8')) as { check_name: string; fingerprint: string; severity: string; location: { path: string; lines: { begin: number } } }[];
  assert.ok(issues.length >= 10);
  for (const issue of issues) {
    assert.ok(existsSync(join(dir, issue.location.path)), issue.location.path);
    assert.ok(['critical', 'major', 'minor'].includes(issue.severity));
    assert.ok(issue.location.lines.begin >= 1 && /^[0-9a-f]{32}$/.test(issue.fingerprint) && issue.check_name !== '');
  }
});

test('recipe: the pre-commit hook stops a commit with a finding and lets clean ones through', () => {
  const dir = join(tmp, 'hook');
  mkdirSync(dir);
  const git = (...args: string[]) => run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], dir);
  assert.equal(git('init', '-q').status, 0);
  const hook = join(dir, '.git/hooks/pre-commit');
  writeFileSync(hook, `${recipe('pre-commit')}\n`);
  chmodSync(hook, 0o755);

  writeFileSync(join(dir, 'README.md'), 'no PL/SQL here\n');
  git('add', 'README.md');
  assert.equal(git('commit', '-qm', 'docs').status, 0, 'a commit without PL/SQL passes');
  copyFileSync(join(repoRoot, 'examples/missing_rows_fixed.sql'), join(dir, 'lookup_fixed.sql'));
  git('add', 'lookup_fixed.sql');
  const clean = git('commit', '-qm', 'clean');
  assert.equal(clean.status, 0, clean.stderr);
  copyFileSync(join(repoRoot, 'examples/missing_rows.sql'), join(dir, 'lookup.sql'));
  git('add', 'lookup.sql');
  const blocked = git('commit', '-qm', 'slow');
  assert.notEqual(blocked.status, 0);
  assert.match(blocked.stdout + blocked.stderr, /lookup\.sql:11:\d+: error exception-handler-in-loop/);
  assert.equal(git('rev-list', '--count', 'HEAD').stdout.trim(), '2', 'the commit with the finding was not made');
});

test('recipe: the pre-commit framework hook runs its entry on the matching files', () => {
  const yaml = recipe('pre-commit-framework');
  const entry = /entry: (.+)$/m.exec(yaml)?.[1]?.split(' ');
  const files = new RegExp(/files: (.+)$/m.exec(yaml)?.[1] ?? '^$');
  assert.ok(entry);
  const dir = outsideWithExamples('pre-commit');
  const matching = readdirSync(join(dir, 'examples')).filter((n) => files.test(n)).map((n) => `examples/${n}`);
  assert.equal(matching.length, 12);
  assert.equal(run(entry[0]!, [...entry.slice(1), ...matching], dir).status, 1);
  assert.equal(run(entry[0]!, [...entry.slice(1), 'examples/missing_rows_fixed.sql', 'examples/blob_export_fixed.prc'], dir).status, 0);
});
