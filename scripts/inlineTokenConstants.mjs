// Post-processing of the generated parser: token types and rule indexes as number literals.
//
// Why: antlr-ng writes `case PlSqlParser.SELECT:` and `this.match(PlSqlParser.SEMICOLON)`. A switch over
// hundreds of such labels is compiled by V8 into a chain of property loads and compares, one per label (the
// seqOfStatements switch alone has several hundred), each with its own feedback slot: large bytecode, a large
// optimized graph for TurboFan to build in every process, and a linear search per token. With number literals
// as labels the same switch becomes one jump table (Ignition's SwitchOnSmi) and the functions shrink by half.
// The values are the class's own `static readonly NAME = <number>;` declarations (and the runtime's EOF, -1),
// so the meaning is unchanged; the declarations stay for the hand-written code that names them.
//
// Idempotent: text already rewritten has no `PlSqlParser.<number constant>` left to replace.

/** antlr4ng's Recognizer.EOF (= Token.EOF): inherited, so not declared in the generated class. */
const INHERITED = { EOF: -1 };

/** The class's number constants: `public static readonly NAME = 12;` (also negative numbers). */
export function numberConstants(source, className) {
  const start = source.indexOf(`export class ${className} `);
  if (start < 0) throw new Error(`inlineTokenConstants: class ${className} not found`);
  const constants = new Map(Object.entries(INHERITED));
  const declaration = /^ {4}public static readonly (\w+) = (-?\d+);$/gm;
  declaration.lastIndex = start;
  for (let m = declaration.exec(source); m; m = declaration.exec(source)) constants.set(m[1], Number(m[2]));
  return constants;
}

/**
 * Replaces `ClassName.NAME` by the constant's value (with the name in a comment) everywhere except in the
 * declarations themselves. Fails the build when the class declares no constants (the generator changed).
 */
export function inlineTokenConstants(source, className) {
  const constants = numberConstants(source, className);
  if (constants.size < 10) throw new Error(`inlineTokenConstants: no token constants found in ${className}`);
  let replaced = 0;
  const use = new RegExp(`(?<![\\w.$])${className}\\.(\\w+)\\b(?!\\s*=[^=])`, 'g');
  const text = source.replace(use, (whole, name) => {
    const value = constants.get(name);
    if (value === undefined) return whole;
    replaced++;
    return value < 0 ? `(${value} /* ${name} */)` : `${value} /* ${name} */`;
  });
  return { text, replaced };
}
