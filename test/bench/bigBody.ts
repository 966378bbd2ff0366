/**
 * A package body of several megabytes made of real subprograms: the items of the corpus's package bodies
 * (split as the parser splits them) one after another until the size is reached, in one
 * `create or replace package body`. Used to measure what one syntax error in its last procedure costs
 * (bigBodyChild.ts). Subprogram names repeat; the parser does not mind.
 */
import { splitPackageBody } from '../../server/src/parser/script/splitPackageBody.ts';
import type { CorpusFile } from './corpus.ts';

export const BIG_BODY_BYTES = 5.5 * 1024 * 1024;

/** The error put into the last procedure: an assignment without its expression. */
export const INJECTED_ERROR = 'x := ;';

export interface BigBody {
  text: string;
  items: number;
  /** 1-based line of the injected error, when there is one. */
  errorLine?: number;
}

export function buildBigBody(corpus: readonly CorpusFile[], withError: boolean, bytes = BIG_BODY_BYTES): BigBody {
  const items: string[] = [];
  let size = 0;
  const bodies = corpus.filter((f) => /\.(pkb|pck|sql)$/i.test(f.path) && /\bpackage\s+body\b/i.test(f.text));
  while (size < bytes && bodies.length > 0) {
    for (const body of bodies) {
      const layout = splitPackageBody(body.text);
      for (const item of layout?.items ?? []) {
        const text = body.text.slice(item.start, item.end);
        // subprograms only: their declarations may need types of their own package
        if (item.kind !== 'declaration' || !/^\s*(procedure|function)\b/i.test(text) || !/\bbegin\b/i.test(text)) continue;
        items.push(text);
        size += text.length;
      }
      if (size >= bytes) break;
    }
  }
  let last = `procedure last_one is\n  x number;\nbegin\n  x := 1;\nend last_one;`;
  if (withError) last = last.replace('x := 1;', INJECTED_ERROR);
  const head = 'create or replace package body big_body as\n\n';
  const text = `${head}${items.join('\n\n')}\n\n${last}\n\nend big_body;\n/\n`;
  const errorLine = withError ? text.slice(0, text.indexOf(INJECTED_ERROR)).split('\n').length : undefined;
  return { text, items: items.length + 1, ...(errorLine ? { errorLine } : {}) };
}
