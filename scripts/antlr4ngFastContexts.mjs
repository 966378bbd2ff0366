// esbuild plugin: makes antlr4ng's ParserRuleContext initialise its fields in the constructor.
//
// Why: antlr4ng declares them as class fields. Every generated context class (one per grammar rule and
// labelled alternative) extends ParserRuleContext, so the one field initialiser sees hundreds of object
// shapes; V8's define-property inline cache turns megamorphic and every context creation takes the slow
// path. Measured on a 3,560-line package body: 175 ms -> 90 ms per parse. Plain assignments in the
// constructor are semantically the same for this class (no getters/setters on those names).
//
// The rewrite is exact-text; if antlr4ng's source changes, the build fails instead of silently skipping.
import { readFile } from 'node:fs/promises';

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

export function rewriteParserRuleContext(source) {
  const start = source.indexOf(classStart);
  const ctor = source.indexOf(constructorHead, start);
  if (start < 0 || ctor < 0) throw new Error('antlr4ngFastContexts: ParserRuleContext class not found');
  let head = source.slice(start, ctor);
  for (const [declaration, replacement] of fieldDeclarations) {
    if (head.split(declaration).length !== 2) throw new Error(`antlr4ngFastContexts: expected one '${declaration.trim()}'`);
    head = head.replace(declaration, replacement);
  }
  return source.slice(0, start) + head + constructorHead + constructorInit + source.slice(ctor + constructorHead.length);
}

export const antlr4ngFastContexts = {
  name: 'antlr4ng-fast-contexts',
  setup(build) {
    build.onLoad({ filter: /[\\/]antlr4ng[\\/]dist[\\/]index\.(mjs|cjs)$/ }, async (args) =>
      // Only the project's own runtime (node_modules/antlr4ng). A copy nested in another package (the
      // benchmark's baseline, dt-sql-parser, brings antlr4ng 2.0.11) is a different source: leave it as it is.
      /[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+[\\/]node_modules[\\/]antlr4ng[\\/]/.test(args.path)
        ? undefined
        : { contents: rewriteParserRuleContext(await readFile(args.path, 'utf8')), loader: 'js' },
    );
  },
};
