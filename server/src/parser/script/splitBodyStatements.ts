/**
 * The top-level statements of a unit's main body (an anonymous block, a standalone procedure or function),
 * found with the light tokenizer: a body of 300,000 statements is then parsed a run of statements at a time
 * (syntax/parseLongBody.ts) instead of holding every token and the parse tree of all of them at once.
 *
 * The scan follows the block structure as splitPackageBody.ts does: BEGIN, CASE, IF and LOOP open, END closes.
 * A statement ends at its ';' outside any block, or at the ';' after the END of the block it starts or holds
 * (`IF ... END IF;`, `x := CASE ... END;`, `<<l>> BEGIN ... END l;`). Anything unexpected gives null: the body
 * is then parsed whole, which is always correct.
 */
import { Light, lightTokens } from './lightTokens.ts';
import { isOpener, ItemScanner } from './splitPackageBody.ts';

export interface BodyStatements {
  /** Character offsets of each statement (labels before it included), end exclusive, in text order. */
  starts: number[];
  ends: number[];
}

const DECLARE = /^declare$/i;
const EXCEPTION = /^exception$/i;

/** Null for a unit that is not a plain block or standalone subprogram, or whose structure the scan cannot follow. */
export function splitBodyStatements(text: string): BodyStatements | null {
  const tokens = lightTokens(text);
  const { count, kinds, starts, ends } = tokens;
  const word = (i: number) => text.slice(starts[i]!, ends[i]!);
  // conditional compilation ($IF, not $$inquiry) makes several views: those bodies are parsed whole
  for (let i = 0; i < count; i++) if (kinds[i] === Light.Directive && text.charCodeAt(starts[i]! + 1) !== 36) return null;
  const scanner = new ItemScanner(tokens);
  let i = 0;
  if (kinds[0] === Light.Create) {
    while (i < 6 && i < count && kinds[i] !== Light.Procedure && kinds[i] !== Light.Function) i++;
    if (kinds[i] !== Light.Procedure && kinds[i] !== Light.Function) return null;
    // the heading, up to the IS/AS outside its parameter list
    let parens = 0;
    for (i++; i < count; i++) {
      const kind = kinds[i]!;
      if (kind === Light.LeftParen) parens++;
      else if (kind === Light.RightParen) parens--;
      else if (parens === 0 && (kind === Light.Is || kind === Light.As)) break;
      else if (parens === 0 && kind === Light.Semicolon) return null;
    }
    i++;
    if (scanner.at(i) === Light.Language || scanner.at(i) === Light.External) return null;
  } else if (kinds[0] === Light.OtherWord && DECLARE.test(word(0))) {
    i = 1;
  } else if (kinds[0] !== Light.Begin) {
    return null;
  }
  // declarations, up to the body's BEGIN
  while (i < count && kinds[i] !== Light.Begin) {
    if (kinds[i] === Light.End) return null;
    const next = kinds[i] === Light.Procedure || kinds[i] === Light.Function ? scanner.skipSubprogram(i) : scanner.skipToSemicolon(i);
    if (next <= i) return null;
    i = next;
  }
  const out: BodyStatements = { starts: [], ends: [] };
  let s = i + 1;
  while (s < count && kinds[s] !== Light.End && !(kinds[s] === Light.OtherWord && EXCEPTION.test(word(s)))) {
    let j = s;
    for (;;) {
      if (j >= count) return null;
      const kind = kinds[j]!;
      if (kind === Light.Semicolon) {
        j++;
        break;
      }
      if (kind === Light.End) return null; // an END inside a statement that no opener explains
      if (isOpener(kind)) {
        const after = scanner.skipBlock(j);
        if (after <= j) return null;
        j = after;
        if (kinds[j - 1] === Light.Semicolon) break;
        continue;
      }
      j++;
    }
    out.starts.push(starts[s]!);
    out.ends.push(ends[j - 1]!);
    s = j;
  }
  // the body goes on to its exception handlers or its END
  return s < count ? out : null;
}
