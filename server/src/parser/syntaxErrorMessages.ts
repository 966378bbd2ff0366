/**
 * Turns ANTLR's error reports into messages a PL/SQL developer understands: token names become the text
 * the developer would type (';', 'END', an identifier), long "expecting {...}" sets are summarised, and
 * the common mistakes get a specific message.
 */
import type { Token, Vocabulary } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';
import { unusualLineSeparatorName } from './lineBreaks.ts';

const MAX_LISTED = 4;

const friendlyTokenNames: Record<number, string> = {
  [PlSqlLexer.ID]: 'a name',
  [PlSqlLexer.DELIMITED_ID]: 'a quoted name',
  [PlSqlLexer.STRING]: 'a string',
  [PlSqlLexer.NUMBER]: 'a number',
  [PlSqlLexer.BINDVAR]: 'a bind variable',
  [PlSqlLexer.SUBSTITUTION]: 'a substitution variable',
  [PlSqlLexer.EOF]: 'the end of the unit',
};

export function describeToken(token: Token | null): string {
  if (!token || token.type === PlSqlLexer.EOF) return 'the end of the unit';
  switch (token.type) {
    case PlSqlLexer.UNTERMINATED_STRING:
      return 'a string that is never closed';
    case PlSqlLexer.UNTERMINATED_COMMENT:
      return 'a comment that is never closed';
    default: {
      const text = token.text ?? '';
      const separator = unusualLineSeparatorName(text);
      if (separator !== undefined) return `${separator} (Oracle reads it as neither a line break nor a blank)`;
      return `'${text.length > 40 ? `${text.slice(0, 37)}...` : text}'`;
    }
  }
}

export function describeExpected(types: number[], vocabulary: Vocabulary): string {
  // Large sets are summarised by what they have in common: anything that starts an operand, or a name.
  const set = new Set(types);
  if (types.length > MAX_LISTED) {
    if (set.has(PlSqlLexer.NUMBER) && set.has(PlSqlLexer.STRING) && set.has(PlSqlLexer.ID)) return 'an expression';
    if (set.has(PlSqlLexer.ID) && set.has(PlSqlLexer.DELIMITED_ID)) return 'a name';
  }
  const names = types.map((type) => {
    const friendly = friendlyTokenNames[type];
    if (friendly) return friendly;
    const literal = vocabulary.getLiteralName(type);
    if (literal) return literal.replace(/^'(.*)'$/, (_, s: string) => `'${s.toUpperCase()}'`);
    return vocabulary.getSymbolicName(type) ?? `token ${type}`;
  });
  const unique = [...new Set(names)];
  if (unique.length <= MAX_LISTED) {
    return unique.length === 1 ? unique[0]! : `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
  }
  return '';
}

/** The message for an unexpected token, given what the parser could have accepted there. */
export function unexpectedTokenMessage(offending: Token | null, expected: number[], vocabulary: Vocabulary): string {
  const found = describeToken(offending);
  if (offending?.type === PlSqlLexer.UNTERMINATED_STRING || offending?.type === PlSqlLexer.UNTERMINATED_COMMENT) {
    return `syntax error: ${found} starts here`;
  }
  const wanted = describeExpected(expected, vocabulary);
  if (expected.length === 1 && expected[0] === PlSqlLexer.SEMI) return `syntax error: ';' expected before ${found}`;
  return wanted ? `syntax error at ${found}: expected ${wanted}` : `syntax error: unexpected ${found}`;
}
