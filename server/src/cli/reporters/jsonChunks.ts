/**
 * JSON reports written piece by piece: the same bytes as `JSON.stringify(value, null, 2)` (then the escapes of
 * escape.ts), without ever holding the whole text or every finding's output object at once.
 *
 * Why: a 20 MB file gives 80,000 findings; the JSON report of them is a 53 MB string, the SARIF one 120 MB, and
 * writing a string to a file copies it once more into a buffer. Rendered whole, the report came on top of what the
 * run still held and made the JSON run's peak 100-150 MB higher than the text run's, more or less depending on
 * when V8 collected. Here the long lists are `StreamedList`s: each element's object is made when it is written and
 * dropped after, and the text goes out in chunks of CHUNK_CHARS.
 *
 * Exactness: containers (plain objects, arrays, streamed lists) are opened here down to a few levels and every
 * value below, and each element of a streamed list, is `JSON.stringify(value, null, 2)` re-indented by its depth (a JSON text holds no raw line break:
 * breaks in strings are escaped, so every `\n` in it is one of the layout's). Keys are written in the order
 * JSON.stringify takes them (Object.keys), a member whose value JSON leaves out (undefined, a function) is left
 * out, and such a value in a list is `null`, as JSON.stringify does. test/cli/jsonChunks.test.ts compares both.
 */

/** A list whose elements are made one by one while it is written (each pass calls `items` again). */
export class StreamedList<T> {
  constructor(
    /** The number of elements `items` gives. */
    readonly length: number,
    readonly items: () => Iterable<T>,
  ) {}

  /** The whole list, for JSON.stringify (tests, and code that wants the value). */
  toJSON(): T[] {
    return [...this.items()];
  }
}

/** Characters gathered before a chunk is handed on (a write per finding would be 80,000 system calls). */
export const CHUNK_CHARS = 1 << 16;

/** Containers deeper than this are written by JSON.stringify whole: SARIF's results sit at depth 4. */
const OPENED_DEPTH = 4;

/** The characters toJsonText writes as `\uHHHH` although JSON.stringify leaves them raw. */
const RAW_IN_JSON = /[\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function escapeRawInJson(text: string): string {
  return text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A value JSON.stringify writes; undefined for what it leaves out of an object. */
function leaf(value: unknown, indent: string): string | undefined {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  if (text === undefined) return undefined;
  return indent === '' || !text.includes('\n') ? text : text.replaceAll('\n', `\n${indent}`);
}

function* pieces(value: unknown, indent: string, depth: number): Generator<string> {
  if (value instanceof StreamedList || (Array.isArray(value) && depth < OPENED_DEPTH)) {
    const list = value as StreamedList<unknown> | unknown[];
    if (list.length === 0) {
      yield '[]';
      return;
    }
    const inner = `${indent}  `;
    let first = true;
    // A streamed list's element (a finding's output) is one JSON.stringify: the fastest way to its text.
    const streamed = value instanceof StreamedList;
    for (const element of streamed ? value.items() : (value as unknown[])) {
      yield `${first ? '[' : ','}\n${inner}`;
      first = false;
      if (!streamed && (isPlainObject(element) || Array.isArray(element) || element instanceof StreamedList)) yield* pieces(element, inner, depth + 1);
      else yield leaf(element, inner) ?? 'null';
    }
    yield `\n${indent}]`;
    return;
  }
  if (isPlainObject(value) && depth < OPENED_DEPTH) {
    const inner = `${indent}  `;
    let first = true;
    for (const key of Object.keys(value)) {
      const member = value[key];
      const opened = isPlainObject(member) || Array.isArray(member) || member instanceof StreamedList;
      const text = opened ? undefined : leaf(member, inner);
      if (!opened && text === undefined) continue;
      yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
      first = false;
      if (opened) yield* pieces(member, inner, depth + 1);
      else yield text!;
    }
    yield first ? '{}' : `\n${indent}}`;
    return;
  }
  yield leaf(value, indent) ?? 'null';
}

/** Gathers small pieces into chunks of about CHUNK_CHARS. */
export function* gathered(parts: Iterable<string>): Generator<string> {
  let buffer = '';
  for (const part of parts) {
    buffer += part;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}

/** toJsonText's text in chunks. */
export function* jsonChunks(value: unknown): Generator<string> {
  for (const chunk of gathered(pieces(value, '', 0))) yield escapeRawInJson(chunk);
  yield '\n';
}
