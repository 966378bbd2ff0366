/** A configuration problem, located by file and JSON pointer so the user can find and fix it. */
import type { ErrorObject } from 'ajv';

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    /** JSON pointer (`/rules/dml-in-loop/severity`), or `line L column C` for a JSON syntax error. */
    readonly where: string,
    readonly detail: string,
  ) {
    super(where === '' ? `${file}: ${detail}` : `${file}: ${where}: ${detail}`);
    this.name = 'ConfigError';
  }
}

const quoteAll = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(', ');

/** One sentence per schema violation, saying what was expected and what was found. */
export function describeSchemaError(error: ErrorObject, data: unknown): string {
  const found = valueAt(data, error.instancePath);
  const got = found === undefined ? '' : `, got ${JSON.stringify(found)}`;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `expected one of ${quoteAll(p.allowedValues as unknown[])}${got}`;
    case 'type':
      return `expected ${p.type === 'array' || p.type === 'object' ? 'an' : 'a'} ${String(p.type)}${got}`;
    case 'additionalProperties':
      return `unknown property ${JSON.stringify(p.additionalProperty)}`;
    case 'minLength':
      return 'expected a non-empty string';
    case 'pattern':
      return `expected a kebab-case rule id${got}`;
    case 'propertyNames':
      return `invalid property name ${JSON.stringify(p.propertyName)}`;
    default:
      return `${error.message ?? 'invalid'}${got}`;
  }
}

/** Follows a JSON pointer (RFC 6901) into parsed JSON. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let current: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function pointerTo(...keys: string[]): string {
  return keys.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
