/**
 * What may write a variable, read from source text: enough to tell that a declared initial value no longer holds.
 */

/**
 * Whether `text` may write a name that `expression` uses: an assignment to it, an INTO list that holds it (SELECT,
 * FETCH, EXECUTE IMMEDIATE, RETURNING), or an argument of a call (it may be an OUT parameter).
 */
export function writesAnyName(text: string, expression: string): boolean {
  for (const name of new Set(expression.match(/[A-Za-z_][\w$#]*/g) ?? [])) {
    const n = name.replace(/[$]/g, '\\$');
    const written = new RegExp(String.raw`(?<![\w$#.])${n}\s*:=|\bINTO\s+(?:[\w$#."]+\s*,\s*)*${n}(?![\w$#])|(?:[(,]|=>)\s*${n}\s*[,)]`, 'i');
    if (written.test(text)) return true;
  }
  return false;
}
