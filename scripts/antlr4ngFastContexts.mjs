// esbuild plugin: makes antlr4ng's ParserRuleContext initialise its fields in the constructor.
//
// Why: antlr4ng declares them as class fields. Every generated context class (one per grammar rule and
// labelled alternative) extends ParserRuleContext, so the one field initialiser sees hundreds of object
// shapes; V8's define-property inline cache turns megamorphic and every context creation takes the slow
// path. Measured on a 3,560-line package body: 175 ms -> 90 ms per parse. Plain assignments in the
// constructor are semantically the same for this class (no getters/setters on those names).
//
// Second, small children arrays. A pushed-to empty array gets room for 17 elements on its first push, but
// two contexts in three have one child and nearly all others two to four: the tree was mostly empty array
// slots, and most of the garbage a parse leaves. The first child gets an array of exactly one (literals are
// allocated at their size), the second an array with room for four.
//
// The rewrites are exact-text; if antlr4ng's source changes, the build fails instead of silently skipping.
import { readFile } from 'node:fs/promises';
import { rewriteAtnFields } from './antlr4ngAtnFields.mjs';
import { rewriteXPathLexerDfa } from './antlr4ngLazyXPathLexer.mjs';

const classStart = 'var ParserRuleContext = class _ParserRuleContext {';
const fieldDeclarations = [
  ['  start = null;\n', ''],
  ['  stop = null;\n', ''],
  ['  children = [];\n', ''],
  ['  invokingState;\n', ''],
  ['  parent;\n', ''],
];
const constructorHead = '  constructor(parent, invokingStateNumber = -1) {\n';
const constructorInit = '    this.start = null;\n    this.stop = null;\n    this.children = [];\n';

const appends = [
  ['  addChild(child) {\n    this.children.push(child);\n', '  addChild(child) {\n    appendChild(this, child);\n'],
  ['    const node = new TerminalNode(token);\n    this.children.push(node);\n', '    const node = new TerminalNode(token);\n    appendChild(this, node);\n'],
  ['    errorNode.parent = this;\n    this.children.push(errorNode);\n', '    errorNode.parent = this;\n    appendChild(this, errorNode);\n'],
];
const appendChild = `function appendChild(ctx, child) {
  const children = ctx.children;
  if (children.length === 0) {
    ctx.children = [child];
  } else if (children.length === 1) {
    const grown = [children[0], child, undefined, undefined];
    grown.length = 2; // keeps the room for two more (V8 trims only arrays far larger than their length)
    ctx.children = grown;
  } else {
    children.push(child);
  }
}
`;

function replaceOnce(text, from, to) {
  if (text.split(from).length !== 2) throw new Error(`antlr4ngFastContexts: expected one '${from.trim().split('\n')[0]}'`);
  return text.replace(from, to);
}

export function rewriteParserRuleContext(source) {
  const start = source.indexOf(classStart);
  const ctor = source.indexOf(constructorHead, start);
  const end = source.indexOf('\n};\n', ctor);
  if (start < 0 || ctor < 0 || end < 0) throw new Error('antlr4ngFastContexts: ParserRuleContext class not found');
  let head = source.slice(start, ctor);
  for (const [declaration, replacement] of fieldDeclarations) head = replaceOnce(head, declaration, replacement);
  let body = source.slice(ctor + constructorHead.length, end);
  for (const [from, to] of appends) body = replaceOnce(body, from, to);
  return source.slice(0, start) + appendChild + head + constructorHead + constructorInit + body + source.slice(end);
}

/** The plugin also applies the runtime's other rewrites for the bundle (antlr4ngAtnFields.mjs, antlr4ngLazyXPathLexer.mjs). */
export const antlr4ngFastContexts = {
  name: 'antlr4ng-fast-contexts',
  setup(build) {
    build.onLoad({ filter: /[\\/]antlr4ng[\\/]dist[\\/]index\.(mjs|cjs)$/ }, async (args) =>
      // Only the project's own runtime (node_modules/antlr4ng). A copy nested in another package (the
      // benchmark's baseline, dt-sql-parser, brings antlr4ng 2.0.11) is a different source: leave it as it is.
      /[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+[\\/]node_modules[\\/]antlr4ng[\\/]/.test(args.path)
        ? undefined
        : { contents: rewriteXPathLexerDfa(rewriteAtnFields(rewriteParserRuleContext(await readFile(args.path, 'utf8')))), loader: 'js' },
    );
  },
};
