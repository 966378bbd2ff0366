/**
 * Every problem of a `.plsqlperf.json` text at once, each with its place in the text (offset and length) and
 * its JSON pointer, for an editor to show in the file itself. The loader (loadConfig.ts) stops at the first
 * problem and refuses the file, which is right for a CI run; the editor is more lenient in one way only: an
 * unknown rule id is a warning and the rest of the file applies (a rule of a newer version of plsql-perf, or a
 * typo the user sees underlined), while any other problem keeps the file from being used.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ErrorObject } from 'ajv';
import { describeSchemaError, pointerTo } from './configError.ts';
import { parseConfig, validateConfigData } from './loadConfig.ts';
import type { ProjectConfig } from './analyzerConfig.ts';

export interface ConfigProblem {
  severity: 'error' | 'warning';
  /** JSON pointer of the value (`/rules/dml-in-loop/severity`); '' for the whole file or a syntax error. */
  pointer: string;
  message: string;
  /** Where in the text: offset and length (UTF-16 units). */
  offset: number;
  length: number;
}

export interface CheckedConfig {
  /** The configuration to use; undefined when an error keeps the file from being used. */
  config?: ProjectConfig;
  problems: ConfigProblem[];
}

function pathOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The node a pointer's path names: an array's element by its number (`/exclude/1`; jsonc-parser's
 * findNodeAtLocation takes numbers there, and a pointer's segments are strings), an object's member by its name.
 */
function nodeAt(root: Node, path: readonly string[]): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (node === undefined) return undefined;
    node = node.type === 'array' ? (/^\d+$/.test(segment) ? node.children?.[Number(segment)] : undefined) : findNodeAtLocation(node, [segment]);
  }
  return node;
}

/** The text of a pointer's value, or of the property name when `nameOnly` (an unknown property). */
function locate(root: Node | undefined, pointer: string, nameOnly = false): { offset: number; length: number } {
  const node = root && nodeAt(root, pathOf(pointer));
  if (!node) {
    // the parent exists (a missing value is reported at its container)
    const parent = root && nodeAt(root, pathOf(pointer).slice(0, -1));
    return parent ? { offset: parent.offset, length: 1 } : { offset: 0, length: 1 };
  }
  const key = nameOnly && node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  const target = key ?? node;
  return { offset: target.offset, length: target.length };
}

function schemaProblem(error: ErrorObject, data: unknown, root: Node | undefined): ConfigProblem {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const pointer = `${error.instancePath}${pointerTo(String(p.additionalProperty))}`;
    return { severity: 'error', pointer, message: describeSchemaError(error, data), ...locate(root, pointer, true) };
  }
  if (error.keyword === 'pattern' && error.propertyName !== undefined) {
    const pointer = `${error.instancePath}${pointerTo(error.propertyName)}`;
    return { severity: 'error', pointer, message: `expected a kebab-case rule id, got ${JSON.stringify(error.propertyName)}`, ...locate(root, pointer, true) };
  }
  return { severity: 'error', pointer: error.instancePath, message: describeSchemaError(error, data), ...locate(root, error.instancePath) };
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name in double quotes expected (a comma too many?)',
  ValueExpected: 'a value expected',
  ColonExpected: "':' expected",
  CommaExpected: "',' expected",
  CloseBraceExpected: "'}' expected",
  CloseBracketExpected: "']' expected",
  EndOfFileExpected: 'end of file expected (text after the closing brace)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

function syntaxMessage(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  return SYNTAX_MESSAGES[code] ?? code;
}

export function checkConfigText(text: string, file: string, knownRuleIds: readonly string[]): CheckedConfig {
  const body = text.replace(/^\uFEFF/, '');
  const shift = text.length - body.length;
  const syntaxErrors: ParseError[] = [];
  const root = parseTree(body, syntaxErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    // the first syntax error is the one to fix: the ones after it follow from it
    const problems: ConfigProblem[] = syntaxErrors.slice(0, 1).map((e) => ({
      severity: 'error', pointer: '', message: `invalid JSON: ${syntaxMessage(e)}`, offset: e.offset + shift, length: Math.max(1, e.length),
    }));
    if (problems.length === 0) problems.push({ severity: 'error', pointer: '', message: `invalid JSON: ${(error as Error).message}`, offset: 0, length: 1 });
    return { problems };
  }
  const shifted = (problem: ConfigProblem): ConfigProblem => ({ ...problem, offset: problem.offset + shift });
  const schemaErrors = validateConfigData(data);
  if (schemaErrors.length) {
    const seen = new Set<string>();
    const problems = schemaErrors.map((e) => shifted(schemaProblem(e, data, root))).filter((p) => {
      const key = `${p.offset}:${p.message}`;
      return !seen.has(key) && (seen.add(key), true);
    });
    return { problems };
  }
  const rules = (data as { rules?: Record<string, unknown> }).rules;
  const known = new Set(knownRuleIds);
  const problems: ConfigProblem[] = [];
  const usable = rules ? { ...(data as object), rules: { ...rules } } as { rules: Record<string, unknown> } : data;
  for (const id of Object.keys(rules ?? {})) {
    if (known.has(id)) continue;
    const pointer = pointerTo('rules', id);
    problems.push(shifted({ severity: 'warning', pointer, message: `unknown rule "${id}" (ignored; known rules: ${[...known].sort().join(', ')})`, ...locate(root, pointer, true) }));
    delete (usable as { rules: Record<string, unknown> }).rules[id];
  }
  return { config: parseConfig(JSON.stringify(usable), file, knownRuleIds), problems };
}
