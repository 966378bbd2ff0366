import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { ConfigError } from '../../server/src/analysis/config/configError.ts';
import { fileFilter } from '../../server/src/analysis/config/fileFilter.ts';
import { findConfigFile, loadConfigFile, parseConfig } from '../../server/src/analysis/config/loadConfig.ts';
import { KNOWN_RULE_IDS } from '../../server/src/cli/ruleInfo.ts';
import { repoRoot } from './buildOnce.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plsql-perf-config-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const parse = (json: unknown) => parseConfig(typeof json === 'string' ? json : JSON.stringify(json), '/p/.plsqlperf.json', KNOWN_RULE_IDS, '.plsqlperf.json');

function configError(json: unknown): ConfigError {
  try {
    parse(json);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err;
  }
  assert.fail(`no error for ${JSON.stringify(json)}`);
}

test('config: short forms expand to RuleSetting; globs and base directory', () => {
  const c = parse({
    $schema: './schemas/plsqlperf.schema.json',
    rules: {
      'dml-in-loop': 'off',
      'commit-in-loop': 'error',
      'row-by-row-fetch': 'on',
      'standalone-call-in-loop': { severity: 'info', options: { unresolved: true } },
    },
    include: ['src/**'],
    exclude: ['src/generated/**'],
  });
  assert.deepEqual(c.analyzer, {
    rules: {
      'dml-in-loop': { enabled: false },
      'commit-in-loop': { enabled: true, severity: 'error' },
      'row-by-row-fetch': { enabled: true },
      'standalone-call-in-loop': { severity: 'info', options: { unresolved: true } },
    },
  });
  assert.equal(c.baseDir, '/p');
  assert.equal(c.file, '/p/.plsqlperf.json');
  assert.deepEqual([c.include, c.exclude], [['src/**'], ['src/generated/**']]);
  assert.deepEqual(parse({}).analyzer, {});
});

test('config: errors name the file, the JSON pointer and what is expected', () => {
  const cases: [unknown, string, RegExp][] = [
    [{ rules: { 'dml-in-loop': 'loud' } }, '/rules/dml-in-loop', /expected one of "off", "on", "error", "warning", "info", got "loud"/],
    [{ rules: { 'dml-in-loop': { severity: 'high' } } }, '/rules/dml-in-loop/severity', /expected one of "error", "warning", "info", got "high"/],
    [{ rules: { 'dml-in-loop': { enabled: 'yes' } } }, '/rules/dml-in-loop/enabled', /expected a boolean, got "yes"/],
    [{ rules: { 'dml-in-loop': { level: 1 } } }, '/rules/dml-in-loop', /unknown property "level"/],
    [{ rules: { 'dml-in-loop': 3 } }, '/rules/dml-in-loop', /expected an object, got 3/],
    [{ rules: { DML_IN_LOOP: 'off' } }, '/rules/DML_IN_LOOP', /kebab-case rule id/],
    [{ rules: { 'no-such-rule': 'off' } }, '/rules/no-such-rule', /unknown rule "no-such-rule" \(known rules: .*bulk-collect-without-limit, .*wrapped-unit\)/],
    [{ include: 'src' }, '/include', /expected an array, got "src"/],
    [{ exclude: [''] }, '/exclude/0', /expected a non-empty string/],
    [{ rulez: {} }, '/', /unknown property "rulez"/],
    [[], '/', /expected an object/],
  ];
  for (const [json, where, detail] of cases) {
    const e = configError(json);
    assert.equal(e.file, '.plsqlperf.json');
    assert.equal(e.where, where, JSON.stringify(json));
    assert.match(e.detail, detail, JSON.stringify(json));
    assert.equal(e.message, `.plsqlperf.json: ${e.where}: ${e.detail}`);
  }
});

test('config: invalid JSON reports line and column', () => {
  const e = configError('{\n  "rules": {\n    "dml-in-loop": "off",\n  }\n}');
  assert.equal(e.where, 'line 4 column 3');
  assert.match(e.detail, /^invalid JSON: /);
});

test('config: found by walking up; unreadable file is a ConfigError', () => {
  mkdirSync(join(dir, 'proj/src/deep'), { recursive: true });
  writeFileSync(join(dir, 'proj/.plsqlperf.json'), '{"rules":{"commit-in-loop":"info"}}');
  assert.equal(findConfigFile(join(dir, 'proj/src/deep')), join(dir, 'proj/.plsqlperf.json'));
  assert.equal(findConfigFile(join(dir, 'proj')), join(dir, 'proj/.plsqlperf.json'));
  assert.equal(findConfigFile(dir), undefined);
  assert.deepEqual(loadConfigFile(join(dir, 'proj/.plsqlperf.json'), KNOWN_RULE_IDS).analyzer.rules, { 'commit-in-loop': { enabled: true, severity: 'info' } });
  assert.throws(() => loadConfigFile(join(dir, 'none.json'), KNOWN_RULE_IDS, 'none.json'), (e: unknown) => e instanceof ConfigError && /^none\.json: cannot read this configuration file: no such file$/.test(e.message));
});

test('config: include/exclude globs match paths relative to the configuration directory', () => {
  const only = fileFilter({ baseDir: '/p', include: ['src/**/*.pkb', 'db/*.sql'], exclude: ['**/generated/**'] });
  assert.equal(only('/p/src/a/b.pkb'), true);
  assert.equal(only('/p/src/generated/b.pkb'), false);
  assert.equal(only('/p/db/x.sql'), true);
  assert.equal(only('/p/db/sub/x.sql'), false);
  assert.equal(only('/p/src/a/b.pks'), false);
  assert.equal(only('/elsewhere/x.pkb'), false);
  const all = fileFilter({ baseDir: '/p', include: [], exclude: ['legacy/**', '.hidden/*'] });
  assert.equal(all('/p/x.sql'), true);
  assert.equal(all('/p/legacy/y.sql'), false);
  assert.equal(all('/p/.hidden/z.sql'), false);
});

test('config: the shipped schema is a valid draft-07 schema and accepts the documented example', () => {
  const schema = JSON.parse(readFileSync(join(repoRoot, 'schemas/plsqlperf.schema.json'), 'utf8'));
  const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(schema);
  const example = JSON.parse(readFileSync(join(repoRoot, 'test/fixtures/cli/config/.plsqlperf.json'), 'utf8'));
  assert.equal(validate(example), true, JSON.stringify(validate.errors));
});

test('config: defaults without include/exclude; unknown rules listed in order; truncated JSON; a directory is no file', () => {
  const config = parse({ rules: { 'dml-in-loop': 'off' } });
  assert.deepEqual([config.include, config.exclude], [[], []]);
  try {
    parseConfig('{ "rules": { "x-rule": "off" } }', '/p/.plsqlperf.json', ['b-rule', 'a-rule'], '.plsqlperf.json');
    assert.fail('no error');
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    assert.match(e.detail, /\(known rules: a-rule, b-rule\)$/);
  }
  const truncated = configError('{ "rules": ');
  assert.equal(truncated.where, '/'); // Node names no position for an early end
  assert.match(truncated.detail, /^invalid JSON: /);
  mkdirSync(join(dir, 'cfgdir/.plsqlperf.json'), { recursive: true });
  assert.throws(() => loadConfigFile(join(dir, 'cfgdir/.plsqlperf.json'), KNOWN_RULE_IDS, 'cfgdir/.plsqlperf.json'),
    (e: unknown) => e instanceof ConfigError && /^cfgdir\/\.plsqlperf\.json: cannot read this configuration file: it is a directory$/.test(e.message));
});
