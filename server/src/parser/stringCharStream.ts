/**
 * The lexer's input, read straight from the JavaScript string.
 *
 * antlr4ng's own CharStream copies the text into an array of code points, one iterator step and one
 * `codePointAt` per character, and rebuilds every token's text character by character. On a 160 kB package
 * body that copy was a quarter of the lexing time. Text without surrogates (nearly all PL/SQL) has one code
 * unit per code point, so the string can be read in place and token text is a `slice`. Text with
 * characters outside the BMP keeps antlr4ng's stream, because token offsets must count code points.
 */
import { CharStream, IntStream, Token, type Interval } from 'antlr4ng';

const SURROGATE = /[\uD800-\uDFFF]/;

/** True when offsets in the text's tokens are not string indexes (it has astral characters). */
export function hasAstralCharacters(text: string): boolean {
  return SURROGATE.test(text);
}

/** The cheapest correct char stream for a text. */
export function charStreamFor(text: string): CharStream {
  return hasAstralCharacters(text) ? CharStream.fromString(text) : new StringCharStream(text);
}

/** A CharStream over a string whose characters are all in the BMP (see charStreamFor). */
export class StringCharStream implements CharStream {
  name = '';
  index = 0;

  constructor(private readonly text: string) {}

  reset(): void {
    this.index = 0;
  }

  consume(): void {
    if (this.index >= this.text.length) throw new Error('cannot consume EOF');
    this.index += 1;
  }

  LA(offset: number): number {
    if (offset === 0) return 0;
    const position = this.index + (offset < 0 ? offset : offset - 1);
    if (position < 0 || position >= this.text.length) return Token.EOF;
    return this.text.charCodeAt(position);
  }

  // The whole text is in memory: marks cost nothing.
  mark(): number {
    return -1;
  }

  release(_marker: number): void {}

  seek(index: number): void {
    this.index = Math.min(index, this.text.length);
  }

  getTextFromRange(start: number, stop?: number): string {
    return this.text.slice(Math.max(0, start), (stop ?? this.text.length - 1) + 1);
  }

  getTextFromInterval(interval: Interval): string {
    return this.text.slice(Math.max(0, interval.start), interval.stop + 1);
  }

  toString(): string {
    return this.text;
  }

  get size(): number {
    return this.text.length;
  }

  getSourceName(): string {
    return this.name || IntStream.UNKNOWN_SOURCE_NAME;
  }
}
