/**
 * Simple constant propagation: the numeric value of an expression made of literals, named constants and
 * initialised variables whose value the scope knows, + - * / and parentheses. Enough for loop bounds
 * (`1..c_rows`) and buffer sizes (`l_amount BINARY_INTEGER := 4000`, `RAW(4000)`); anything else is unknown.
 */
export type NameValue = (name: string) => number | undefined;

export function evaluateNumber(text: string, valueOf: NameValue, depth = 0): number | undefined {
  if (depth > 8) return undefined; // a constant defined through other constants, not a cycle forever
  const tokens = text.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|"[^"]+"|[A-Za-z_$#][\w$#.]*|[-+*/()]|\S/gi);
  if (!tokens) return undefined;
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];

  const primary = (): number | undefined => {
    const token = next();
    if (token === undefined) return undefined;
    if (token === '(') {
      const value = sum();
      return next() === ')' ? value : undefined;
    }
    if (token === '-') {
      const value = primary();
      return value === undefined ? undefined : -value;
    }
    if (token === '+') return primary();
    if (/^\d/.test(token)) return Number(token);
    if (/^[A-Za-z_"]/.test(token)) {
      const name = token.startsWith('"') ? token.slice(1, -1) : token.toUpperCase();
      if (peek() === '(') return undefined; // a function call: not a constant we can know
      return valueOf(name);
    }
    return undefined;
  };
  const product = (): number | undefined => {
    let value = primary();
    while (value !== undefined && (peek() === '*' || peek() === '/')) {
      const op = next();
      const right = primary();
      if (right === undefined) return undefined;
      value = op === '*' ? value * right : right === 0 ? undefined : value / right;
    }
    return value;
  };
  const sum = (): number | undefined => {
    let value = product();
    while (value !== undefined && (peek() === '+' || peek() === '-')) {
      const op = next();
      const right = product();
      if (right === undefined) return undefined;
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };
  const value = sum();
  return position === tokens.length && value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** The size in a type such as `RAW(4000)`, `VARCHAR2(32767 BYTE)`, `VARCHAR2(c_max CHAR)`. */
export function typeLength(typeText: string | undefined, valueOf: NameValue): number | undefined {
  if (!typeText) return undefined;
  const match = /^\s*(?:RAW|VARCHAR2|VARCHAR|NVARCHAR2|CHAR|NCHAR)\s*\(\s*([^)]+?)(?:\s+(?:BYTE|CHAR))?\s*\)\s*$/i.exec(typeText);
  return match ? evaluateNumber(match[1]!, valueOf) : undefined;
}
