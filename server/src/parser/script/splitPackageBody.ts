/**
 * Splits a package body into its items (declarations, subprograms, the initialisation part) with the light
 * tokenizer, so each item can be parsed and cached on its own: an edit inside one subprogram re-parses
 * only that subprogram, and a syntax error cannot make the parser misread the subprograms after it.
 *
 * The scan follows PL/SQL's block structure: BEGIN, CASE, IF and LOOP open, END closes (END IF, END LOOP
 * and END CASE close their opener); a subprogram ends at the ';' after the END of its body, a forward
 * declaration or call specification at its first ';', any other declaration at its ';'. Bodies with
 * conditional compilation are not split (a directive may stand between items).
 */
import { lightTokens, type LightToken } from './lightTokens.ts';

export interface BodyItem {
  kind: 'declaration' | 'initialization';
  /** Character offsets in the segment text (end exclusive). */
  start: number;
  end: number;
}

export interface PackageBodyLayout {
  /** Offset just after the IS/AS that ends `CREATE ... PACKAGE BODY name ... IS`. */
  headerEnd: number;
  items: BodyItem[];
}

const OPENERS = new Set(['BEGIN', 'CASE', 'IF', 'LOOP']);

class ItemScanner {
  constructor(private readonly tokens: LightToken[]) {}

  at(i: number): string {
    return this.tokens[i]?.text ?? '';
  }

  /** From an opener to just after the END that closes it, plus its label and ';'. */
  skipBlock(i: number): number {
    let depth = 0;
    for (; i < this.tokens.length; i++) {
      const word = this.at(i);
      if (word === 'END') {
        depth--;
        const next = this.at(i + 1);
        if (next === 'IF' || next === 'LOOP' || next === 'CASE') i++;
        if (depth === 0) {
          i++;
          while (i < this.tokens.length && this.at(i) !== ';' && !OPENERS.has(this.at(i))) i++;
          return this.at(i) === ';' ? i + 1 : i;
        }
      } else if (OPENERS.has(word)) {
        depth++;
      }
    }
    return i;
  }

  /** From PROCEDURE/FUNCTION to just after the subprogram. */
  skipSubprogram(i: number): number {
    let parens = 0;
    for (i++; i < this.tokens.length; i++) {
      const word = this.at(i);
      if (word === '(') parens++;
      else if (word === ')') parens--;
      else if (parens === 0 && word === ';') return i + 1;
      else if (parens === 0 && (word === 'IS' || word === 'AS')) return this.skipDeclarationsAndBody(i + 1);
    }
    return i;
  }

  private skipDeclarationsAndBody(i: number): number {
    if (this.at(i) === 'LANGUAGE' || this.at(i) === 'EXTERNAL') return this.skipToSemicolon(i);
    while (i < this.tokens.length) {
      const word = this.at(i);
      if (word === 'BEGIN') return this.skipBlock(i);
      if (word === 'END') return i; // malformed: let the item end here
      i = word === 'PROCEDURE' || word === 'FUNCTION' ? this.skipSubprogram(i) : this.skipToSemicolon(i);
    }
    return i;
  }

  skipToSemicolon(i: number): number {
    let parens = 0;
    for (; i < this.tokens.length; i++) {
      const word = this.at(i);
      if (word === '(') parens++;
      else if (word === ')') parens--;
      else if (parens <= 0 && word === ';') return i + 1;
    }
    return i;
  }
}

/** Returns null for anything but a package body without conditional compilation. */
export function splitPackageBody(text: string): PackageBodyLayout | null {
  const tokens = lightTokens(text);
  if (tokens[0]?.text !== 'CREATE') return null;
  if (tokens.some((t) => t.text.charCodeAt(0) === 36)) return null; // '$': conditional compilation
  let i = 1;
  while (i < 6 && tokens[i] && tokens[i]!.text !== 'PACKAGE') i++;
  if (tokens[i]?.text !== 'PACKAGE' || tokens[i + 1]?.text !== 'BODY') return null;
  while (i < tokens.length && tokens[i]!.text !== 'IS' && tokens[i]!.text !== 'AS') i++;
  if (i >= tokens.length) return null;
  const headerEnd = tokens[i]!.end;
  const scanner = new ItemScanner(tokens);
  const items: BodyItem[] = [];
  i++;
  while (i < tokens.length) {
    const word = tokens[i]!.text;
    if (word === 'END') return { headerEnd, items }; // the package's own END
    const start = i;
    if (word === 'BEGIN') {
      items.push({ kind: 'initialization', start: tokens[start]!.start, end: tokens[tokens.length - 1]!.end });
      return { headerEnd, items };
    }
    i = word === 'PROCEDURE' || word === 'FUNCTION' ? scanner.skipSubprogram(i) : scanner.skipToSemicolon(i);
    if (i <= start) return null;
    items.push({ kind: 'declaration', start: tokens[start]!.start, end: tokens[Math.min(i, tokens.length) - 1]!.end });
  }
  return { headerEnd, items };
}
