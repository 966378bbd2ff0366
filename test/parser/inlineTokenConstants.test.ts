/**
 * The build's rewrite of the generated parser (scripts/inlineTokenConstants.mjs): `PlSqlParser.NAME` becomes
 * the number the class declares for NAME, so that V8 compiles a switch over token types into one jump table.
 * The generated files in the checkout are the rewritten ones, and the rewrite keeps every value.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error the build script is plain JavaScript without type declarations
import { inlineTokenConstants, numberConstants } from '../../scripts/inlineTokenConstants.mjs';
import { PlSqlParser } from '../../server/src/parser/generated/PlSqlParser.ts';
import { PlSqlLexer } from '../../server/src/parser/generated/PlSqlLexer.ts';

type Inline = (source: string, className: string) => { text: string; replaced: number };
const inline = inlineTokenConstants as Inline;

const generated = `export class P extends antlr.Parser {
    public static readonly A = 1;
    public static readonly B = 2;
    public static readonly C = 3;
    public static readonly D = 4;
    public static readonly E = 5;
    public static readonly F = 6;
    public static readonly G = 7;
    public static readonly H = 8;
    public static readonly I = 9;
    public static readonly RULE_x = 0;
    public static readonly literalNames = [null, "'a'"];
    public x() {
        switch (this.tokenStream.LA(1)) {
        case P.A:
        case P.B:
            this.match(P.EOF);
            break;
        }
        if (_la === P.I || _la - P.EOF === 0) { return P.literalNames; }
        this.enterRule(localContext, 0, P.RULE_x);
    }
}`;

test('token types, rule indexes and EOF become number literals; other members and the declarations stay', () => {
  const { text, replaced } = inline(generated, 'P');
  assert.equal(replaced, 6);
  assert.match(text, /case 1 \/\* A \*\/:\n {8}case 2 \/\* B \*\/:/);
  assert.match(text, /this\.match\(\(-1 \/\* EOF \*\/\)\)/); // in parentheses: `_la - -1` must not become `_la --1`
  assert.match(text, /_la === 9 \/\* I \*\/ \|\| _la - \(-1 \/\* EOF \*\/\) === 0/);
  assert.match(text, /return P\.literalNames;/);
  assert.match(text, /this\.enterRule\(localContext, 0, 0 \/\* RULE_x \*\/\);/);
  assert.match(text, /public static readonly A = 1;/);
  assert.equal(inline(text, 'P').text, text, 'a second run changes nothing');
});

test('a class without number constants fails the build instead of being left as it was', () => {
  assert.throws(() => inline('export class Q {\n    public x() {}\n}', 'Q'), /no token constants/);
  assert.throws(() => inline(generated, 'Missing'), /class Missing not found/);
});

test('the generated parser and lexer are rewritten, and every inlined number is the declared value', () => {
  for (const [file, className, declared] of [
    ['PlSqlParser.ts', 'PlSqlParser', PlSqlParser],
    ['PlSqlLexer.ts', 'PlSqlLexer', PlSqlLexer],
  ] as const) {
    const source = readFileSync(new URL(`../../server/src/parser/generated/${file}`, import.meta.url), 'utf8');
    const constants = (numberConstants as (s: string, c: string) => Map<string, number>)(source, className);
    const left = [...source.matchAll(new RegExp(`${className}\\.(\\w+)`, 'g'))].filter((m) => constants.has(m[1]));
    assert.deepEqual(left.map((m) => m[0]), [], `${file} still names constants`);
    let checked = 0;
    for (const m of source.matchAll(/\(?(-?\d+) \/\* (\w+) \*\//g)) {
      assert.equal(Number(m[1]), (declared as unknown as Record<string, number>)[m[2]], `${file}: ${m[0]}`);
      checked++;
    }
    // The lexer's generated code names no constants (its actions are in the grammar); the parser's thousands.
    if (className === 'PlSqlParser') assert.ok(checked > 5000, `${file}: ${checked} inlined constants`);
  }
});
