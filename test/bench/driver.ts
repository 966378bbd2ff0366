/** What the benchmark needs from a parser, so ours and the baseline run through the same harness. */
export type ParserKind = 'ours' | 'baseline';
export const PARSER_KINDS: readonly ParserKind[] = ['ours', 'baseline'];

export interface SyntaxErrorInfo {
  line: number;
  column: number;
  message: string;
}

export interface BenchParseResult {
  errors: number;
  firstError: SyntaxErrorInfo | undefined;
  /** Free-form detail (the baseline: which stage finished, `sll` or `ll`). */
  detail?: string;
}

export interface BenchParser {
  kind: ParserKind;
  /** `model: false` parses to trees only (our parser); the baseline always does only that. */
  parse(text: string, options?: { unitCache?: boolean; model?: boolean }): BenchParseResult;
}

/**
 * Loads a parser module with a dynamic import (so the cost of loading it can be timed on its own). In the
 * esbuild bundle the import is inlined and its module body runs here, at the first call.
 */
export async function loadParser(kind: ParserKind): Promise<BenchParser> {
  if (kind === 'baseline') {
    const { parseBaseline } = await import('./baselineParser.ts');
    return { kind, parse: (text) => parseBaseline(text) };
  }
  const { parseScript } = await import('../../server/src/syntax/parseScript.ts');
  return {
    kind,
    parse(text, options) {
      const parsed = parseScript(text, { unitCache: options?.unitCache ?? false, model: options?.model ?? true });
      let first: SyntaxErrorInfo | undefined;
      for (const e of parsed.syntaxErrors) {
        if (!first || e.line < first.line || (e.line === first.line && e.column < first.column)) {
          first = { line: e.line, column: e.column, message: e.message };
        }
      }
      return { errors: parsed.syntaxErrors.length, firstError: first };
    },
  };
}
