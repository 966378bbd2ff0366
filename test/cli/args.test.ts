import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs } from '../../server/src/cli/args.ts';

const defaults = {
  format: 'text', output: undefined, failOn: 'warning', quiet: false, paths: [] as string[],
  config: undefined, diff: undefined, rules: [] as string[], filesFrom: undefined, dialectCheck: true, verbose: false,
};

test('args: defaults for `check PATHS`', () => {
  assert.deepEqual(parseArgs(['check', 'a.sql', 'dir']), {
    kind: 'check',
    options: { ...defaults, paths: ['a.sql', 'dir'] },
  });
});

test('args: every option, both `--opt value` and `--opt=value` forms', () => {
  assert.deepEqual(parseArgs(['check', '--format', 'json', '--output=out.json', '--fail-on', 'error', '-q', 'x']), {
    kind: 'check',
    options: { ...defaults, format: 'json', output: 'out.json', failOn: 'error', quiet: true, paths: ['x'] },
  });
  assert.deepEqual(parseArgs(['check', '-f', 'sarif', '-o', 'r.sarif', '--fail-on=never', '--quiet', 'y']), {
    kind: 'check',
    options: { ...defaults, format: 'sarif', output: 'r.sarif', failOn: 'never', quiet: true, paths: ['y'] },
  });
});

test('args: options may follow paths; `--` ends options', () => {
  const r = parseArgs(['check', 'a.sql', '--format=markdown', '--', '-odd-name.sql']);
  assert.equal(r.kind, 'check');
  if (r.kind === 'check') {
    assert.equal(r.options.format, 'markdown');
    assert.deepEqual(r.options.paths, ['a.sql', '-odd-name.sql']);
  }
});

test('args: --config, --diff, repeated and comma-separated --rule, --files-from (then no path is needed)', () => {
  assert.deepEqual(
    parseArgs(['check', '--config', 'ci/.plsqlperf.json', '--diff=origin/main', '--rule', 'dml-in-loop,commit-in-loop', '--rule=row-by-row-fetch', '--files-from', '-']),
    {
      kind: 'check',
      options: {
        ...defaults, config: 'ci/.plsqlperf.json', diff: 'origin/main', filesFrom: '-',
        rules: ['dml-in-loop', 'commit-in-loop', 'row-by-row-fetch'],
      },
    },
  );
  for (const format of ['sonarqube', 'sonarqube-legacy', 'markdown', 'sarif', 'json', 'text', 'codeclimate']) {
    const r = parseArgs(['check', '-f', format, 'x']);
    assert.equal(r.kind === 'check' && r.options.format, format);
  }
});

test('args: --help and --version win anywhere', () => {
  assert.deepEqual(parseArgs(['--help']), { kind: 'help' });
  assert.deepEqual(parseArgs(['check', '-h']), { kind: 'help', command: 'check' });
  assert.deepEqual(parseArgs(['--version']), { kind: 'version' });
  assert.deepEqual(parseArgs(['-V']), { kind: 'version' });
});

test('args: usage errors', () => {
  const cases: [string[], RegExp][] = [
    [[], /no command/],
    [['lint', 'a.sql'], /unknown command 'lint'/],
    [['check'], /no paths/],
    [['check', '--format', 'xml', 'a.sql'], /unknown format 'xml'/],
    [['check', '--fail-on', 'fatal', 'a.sql'], /unknown --fail-on level 'fatal'/],
    [['check', '--bogus', 'a.sql'], /unknown option '--bogus'/],
    [['check', 'a.sql', '--output'], /needs a value/],
    [['check', '--output=', 'a.sql'], /needs a file name/],
    [['check', '--rule', ',', 'a.sql'], /needs a rule id/],
    [['check', '--diff', '--output=x', 'a.sql'], /needs a git revision/],
    [['check', '--files-from='], /needs a file name/],
  ];
  for (const [argv, pattern] of cases) {
    const r = parseArgs(argv);
    assert.equal(r.kind, 'usage-error', argv.join(' '));
    if (r.kind === 'usage-error') assert.match(r.message, pattern);
  }
});

test('args: --verbose, and the dialect check on by default, off with --no-dialect-check', () => {
  const r = parseArgs(['check', '-v', '--no-dialect-check', 'db/']);
  assert.deepEqual(r, { kind: 'check', options: { ...defaults, verbose: true, dialectCheck: false, paths: ['db/'] } });
  const back = parseArgs(['check', '--no-dialect-check', '--dialect-check', 'db/']);
  assert.equal(back.kind === 'check' && back.options.dialectCheck, true);
});

test('args: no command or an unknown one names every command', () => {
  assert.deepEqual(parseArgs([]), { kind: 'usage-error', message: 'no command given (expected `check`, `report`, `lsp`)' });
  assert.deepEqual(parseArgs(['chek', 'x']), { kind: 'usage-error', message: "unknown command 'chek' (expected `check`, `report`, `lsp`)" });
});
