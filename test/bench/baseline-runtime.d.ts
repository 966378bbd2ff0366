// Types for the deep import of dt-sql-parser's own antlr4ng 2.0.11 ESM build (it ships index.d.ts only,
// which TypeScript does not pair with index.mjs). Only what baselineParser.ts uses.
declare module 'dt-sql-parser/node_modules/antlr4ng/dist/index.mjs' {
  export * from 'dt-sql-parser/node_modules/antlr4ng/dist/index.js';
}
