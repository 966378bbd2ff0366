/**
 * Splits a package body into its items (declarations, subprograms, the initialisation part) with the light
 * tokenizer, so each item can be parsed and cached on its own: an edit inside one subprogram re-parses
 * only that subprogram, and a syntax error cannot make the parser misread the subprograms after it.
 *
 * The scan follows PL/SQL's block structure: BEGIN, CASE, IF and LOOP open, END closes (END IF, END LOOP
 * and END CASE close their opener); a subprogram ends at the ';' after the END of its body, a forward
 * declaration or call specification at its first ';', any other declaration at its ';'.
 *
 * Conditional compilation: a body is split only if every $IF ... $END block lies inside one item (not at its
 * start), so each item handles its own directives when it is parsed and only the items with directives are
 * parsed once per variant. A directive between items (around whole subprograms) keeps the body whole.
 * Inquiry directives ($$PLSQL_UNIT) are values, not branches, and never prevent the split.
 */
import { Light, lightTokens, type LightTokens } from './lightTokens.ts';

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
  /** The body has $IF/$ERROR blocks (inside its items): the block scan saw every branch, so trust it less. */
  conditional?: boolean;
}

export function isOpener(kind: number): boolean {
  return kind === Light.Begin || kind === Light.Case || kind === Light.If || kind === Light.Loop;
}

export class ItemScanner {
  private readonly count: number;
  private readonly kinds: Uint8Array;

  constructor(tokens: LightTokens) {
    this.count = tokens.count;
    this.kinds = tokens.kinds;
  }

  /** The kind of token i; past the end, OtherPunctuation (matches nothing a scan looks for). */
  at(i: number): number {
    return i < this.count ? this.kinds[i]! : Light.OtherPunctuation;
  }

  /** From an opener to just after the END that closes it, plus its label and ';'. */
  skipBlock(i: number): number {
    let depth = 0;
    for (; i < this.count; i++) {
      const kind = this.at(i);
      if (kind === Light.End) {
        depth--;
        const next = this.at(i + 1);
        if (next === Light.If || next === Light.Loop || next === Light.Case) i++;
        if (depth === 0) {
          i++;
          while (i < this.count && this.at(i) !== Light.Semicolon && !isOpener(this.at(i))) i++;
          return this.at(i) === Light.Semicolon ? i + 1 : i;
        }
      } else if (isOpener(kind)) {
        depth++;
      }
    }
    return i;
  }

  /** From PROCEDURE/FUNCTION to just after the subprogram. */
  skipSubprogram(i: number): number {
    let parens = 0;
    for (i++; i < this.count; i++) {
      const kind = this.at(i);
      if (kind === Light.LeftParen) parens++;
      else if (kind === Light.RightParen) parens--;
      else if (parens === 0 && kind === Light.Semicolon) return i + 1;
      else if (parens === 0 && (kind === Light.Is || kind === Light.As)) return this.skipDeclarationsAndBody(i + 1);
    }
    return i;
  }

  private skipDeclarationsAndBody(i: number): number {
    if (this.at(i) === Light.Language || this.at(i) === Light.External) return this.skipToSemicolon(i);
    while (i < this.count) {
      const kind = this.at(i);
      if (kind === Light.Begin) return this.skipBlock(i);
      if (kind === Light.End) return i; // malformed: let the item end here
      i = kind === Light.Procedure || kind === Light.Function ? this.skipSubprogram(i) : this.skipDeclaration(i);
    }
    return i;
  }

  /**
   * From a declaration to just after its ';', or to the BEGIN, PROCEDURE or FUNCTION that follows it when its ';'
   * is missing (no declaration holds one outside parentheses): a declaration being typed (`l_total NUMBER` and then
   * the body's BEGIN) ends there, instead of running to the body's first ';' and taking the items after its
   * subprogram with it (every later item then failed or was parsed with the broken one, and lost its findings).
   */
  skipDeclaration(i: number): number {
    let parens = 0;
    for (let j = i; j < this.count; j++) {
      const kind = this.at(j);
      if (kind === Light.LeftParen) parens++;
      else if (kind === Light.RightParen) parens--;
      else if (parens <= 0 && kind === Light.Semicolon) return j + 1;
      else if (parens <= 0 && j > i && (kind === Light.Begin || kind === Light.Procedure || kind === Light.Function)) return j;
    }
    return this.count;
  }

  skipToSemicolon(i: number): number {
    let parens = 0;
    for (; i < this.count; i++) {
      const kind = this.at(i);
      if (kind === Light.LeftParen) parens++;
      else if (kind === Light.RightParen) parens--;
      else if (parens <= 0 && kind === Light.Semicolon) return i + 1;
    }
    return i;
  }
}

const PACKAGE_BODY_HEADER = /^\s*create\s+(or\s+replace\s+)?((editionable|noneditionable)\s+)?package\s+body\b/i;

/**
 * Whether every conditional-compilation block is inside one item, after its first token, and balanced: 'none'
 * when there are no blocks, 'inside' when they all are, 'outside' otherwise.
 */
function directivesInsideItems(text: string, tokens: LightTokens, items: readonly BodyItem[]): 'none' | 'inside' | 'outside' {
  const { count, kinds, starts } = tokens;
  let item = 0;
  let depth = 0;
  let seen = false;
  for (let i = 0; i < count; i++) {
    if (kinds[i] !== Light.Directive || text.charCodeAt(starts[i]! + 1) === 36) continue; // $$inquiry
    seen = true;
    const at = starts[i]!;
    while (item < items.length && items[item]!.end <= at) {
      if (depth !== 0) return 'outside';
      item++;
    }
    const holder = items[item];
    if (!holder || at <= holder.start) return 'outside';
    const word = text.slice(at, at + 6).toUpperCase();
    if (word.startsWith('$IF') || word.startsWith('$ERROR')) depth++;
    else if (word.startsWith('$END') && --depth < 0) return 'outside';
  }
  if (depth !== 0) return 'outside';
  return seen ? 'inside' : 'none';
}

/** Whether the text may be a package body (its first words): only then is it worth its light tokens. */
export function mayBePackageBody(text: string): boolean {
  // (A comment inside the header words fails it: the body is then parsed whole, which is always correct.)
  return PACKAGE_BODY_HEADER.test(text.slice(0, 200));
}

/**
 * Returns null for anything but a package body whose conditional compilation (if any) is inside its items.
 * `tokens`: the text's light tokens when the caller has them (the editor keeps them from the last version).
 */
export function splitPackageBody(text: string, lexed?: LightTokens): PackageBodyLayout | null {
  // Most segments are not package bodies: a look at the first words spares them the scan of the whole text.
  if (!mayBePackageBody(text)) return null;
  const tokens = lexed ?? lightTokens(text);
  const { count, kinds, ends } = tokens;
  if (count === 0 || kinds[0] !== Light.Create) return null;
  const scanner = new ItemScanner(tokens);
  let i = 1;
  while (i < 6 && i < count && kinds[i] !== Light.Package) i++;
  if (scanner.at(i) !== Light.Package || scanner.at(i + 1) !== Light.Body) return null;
  while (i < count && kinds[i] !== Light.Is && kinds[i] !== Light.As) i++;
  if (i >= count) return null;
  const headerEnd = ends[i]!;
  const items = scanItems(tokens, i + 1, []);
  return items && checked(text, tokens, { headerEnd, items });
}

/**
 * Appends the items from token `i` (where an item starts, after the header) to the body's end; null when the body
 * does not split. `join(i)`, asked at each item's start: the rest of the items when they are known already (an
 * older scan of the same tokens from there on: the scan of an item reads only its own tokens and the next one).
 */
export function scanItems(tokens: LightTokens, i: number, items: BodyItem[], join?: (i: number) => BodyItem[] | undefined): BodyItem[] | null {
  const { count, kinds, starts, ends } = tokens;
  const scanner = new ItemScanner(tokens);
  while (i < count) {
    const rest = join?.(i);
    if (rest) {
      for (const item of rest) items.push(item);
      return items;
    }
    const kind = kinds[i]!;
    if (kind === Light.End) return items; // the package's own END
    const start = i;
    if (kind === Light.Begin) {
      items.push({ kind: 'initialization', start: starts[start]!, end: ends[count - 1]! });
      return items;
    }
    i = kind === Light.Procedure || kind === Light.Function ? scanner.skipSubprogram(i) : scanner.skipDeclaration(i);
    if (i <= start) return null;
    items.push({ kind: 'declaration', start: starts[start]!, end: ends[Math.min(i, count) - 1]! });
  }
  return items;
}

/** The layout with the conditional-compilation check made (null when a directive stands between items). */
export function checked(text: string, tokens: LightTokens, layout: PackageBodyLayout): PackageBodyLayout | null {
  const directives = directivesInsideItems(text, tokens, layout.items);
  if (directives === 'outside') return null;
  return directives === 'inside' ? { ...layout, conditional: true } : layout;
}
