import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs } from '../../server/src/cli/args.ts';

test('args: defaults for `check PATHS`', () => {
  assert.deepEqual(parseArgs(['check', 'a.sql', 'dir']), {
    kind: 'check',
    options: { format: 'text', output: undefined, failOn: 'warning', quiet: false, paths: ['a.sql', 'dir'] },
  });
});

test('args: every option, both `--opt value` and `--opt=value` forms', () => {
  assert.deepEqual(parseArgs(['check', '--format', 'json', '--output=out.json', '--fail-on', 'error', '-q', 'x']), {
    kind: 'check',
    options: { format: 'json', output: 'out.json', failOn: 'error', quiet: true, paths: ['x'] },
  });
  assert.deepEqual(parseArgs(['check', '-f', 'sarif', '-o', 'r.sarif', '--fail-on=never', '--quiet', 'y']), {
    kind: 'check',
    options: { format: 'sarif', output: 'r.sarif', failOn: 'never', quiet: true, paths: ['y'] },
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

test('args: --help and --version win anywhere', () => {
  assert.deepEqual(parseArgs(['--help']), { kind: 'help' });
  assert.deepEqual(parseArgs(['check', '-h']), { kind: 'help' });
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
  ];
  for (const [argv, pattern] of cases) {
    const r = parseArgs(argv);
    assert.equal(r.kind, 'usage-error', argv.join(' '));
    if (r.kind === 'usage-error') assert.match(r.message, pattern);
  }
});
