/**
 * Finds, reads and validates `.plsqlperf.json`. Validation runs the JSON schema shipped in the package
 * (schemas/plsqlperf.schema.json, also usable by editors) and then checks the rule ids against the rules the
 * caller knows; every problem is a ConfigError naming the file and the JSON pointer.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, parse as parsePath, resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import schema from '../../../../schemas/plsqlperf.schema.json' with { type: 'json' };
import type { Severity } from '../../syntax/finding.ts';
import { defaultProjectConfig, type ProjectConfig, type RuleSetting } from './analyzerConfig.ts';
import { ConfigError, describeSchemaError, pointerTo } from './configError.ts';
import type { RolesConfig } from '../roles/codeRoles.ts';

export const CONFIG_FILE_NAME = '.plsqlperf.json';

/** Compiled on first use: a run without a configuration file does not pay for it (cold start matters). */
let compiled: ValidateFunction | undefined;
const validator = (): ValidateFunction => (compiled ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema));

/** The file as written: a rule is a short form (`"off"`, `"warning"`) or a RuleSetting. */
interface ConfigFile {
  rules?: Record<string, 'off' | 'on' | Severity | RuleSetting>;
  include?: string[];
  exclude?: string[];
  roles?: RolesConfig;
}

/** The nearest `.plsqlperf.json` in `startDir` or one of its parents. */
export function findConfigFile(startDir: string): string | undefined {
  let dir = resolve(startDir);
  const { root } = parsePath(dir);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    if (dir === root) return undefined;
    dir = dirname(dir);
  }
}

/** Reads and validates a configuration file; throws ConfigError. `shownAs` is the path used in messages. */
export function loadConfigFile(file: string, knownRuleIds: readonly string[], shownAs = file): ProjectConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(shownAs, '', `cannot read this configuration file: ${readProblem(err)}`);
  }
  return parseConfig(text, resolve(file), knownRuleIds, shownAs);
}

export function parseConfig(text: string, file: string, knownRuleIds: readonly string[], shownAs = file): ProjectConfig {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ConfigError(shownAs, jsonErrorPosition(text, (err as Error).message), `invalid JSON: ${(err as Error).message}`);
  }
  const validate = validator();
  if (!validate(data)) {
    const error = firstUsefulError(validate.errors ?? []);
    const where = error.propertyName !== undefined ? `${error.instancePath}/${error.propertyName}` : error.instancePath;
    throw new ConfigError(shownAs, where || '/', describeSchemaError(error, data));
  }
  const raw = data as ConfigFile;
  const config = defaultProjectConfig(dirname(file));
  config.file = file;
  config.include = raw.include ?? [];
  config.exclude = raw.exclude ?? [];
  if (raw.roles !== undefined) {
    config.analyzer.roles = raw.roles;
    config.analyzer.baseDir = config.baseDir;
  }
  if (raw.rules !== undefined) {
    const known = new Set(knownRuleIds);
    config.analyzer.rules = {};
    for (const [id, value] of Object.entries(raw.rules)) {
      if (!known.has(id)) {
        throw new ConfigError(shownAs, pointerTo('rules', id), `unknown rule "${id}" (known rules: ${[...known].sort().join(', ')})`);
      }
      config.analyzer.rules[id] = expandRuleSetting(value);
    }
  }
  return config;
}

function expandRuleSetting(value: 'off' | 'on' | Severity | RuleSetting): RuleSetting {
  if (value === 'off') return { enabled: false };
  if (value === 'on') return { enabled: true };
  if (typeof value === 'string') return { enabled: true, severity: value };
  return value;
}

/** Every schema violation of parsed JSON (empty when valid), without the `if`/`propertyNames` wrappers. */
export function validateConfigData(data: unknown): ErrorObject[] {
  const validate = validator();
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  const useful = errors.filter((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames');
  return useful.length ? useful : errors.slice(0, 1);
}

/** The `if` keyword only says that a `then`/`else` branch failed; that branch's own error says what. */
function firstUsefulError(errors: readonly ErrorObject[]): ErrorObject {
  return errors.find((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames') ?? errors[0]!;
}

/** `line L column C` of a JSON.parse error, when Node's message gives a position. */
function jsonErrorPosition(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m) return '/';
  const offset = Number(m[1]);
  const before = text.slice(0, offset).replace(/^\uFEFF/, '');
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line} column ${column}`;
}

/** Why a configuration file could not be read, in words (no errno codes or absolute paths). */
function readProblem(err: unknown): string {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
