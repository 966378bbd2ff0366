/**
 * An open document as the editor analyses it, for the tests of per-item reuse (itemReuse, itemMove): kept items,
 * the unit cache, re-indexed after each analysis; every analysis is compared with a from-scratch one of the same
 * text against the same workspace, finding by finding and in the editor's semantics.
 */
import assert from 'node:assert/strict';
import { analyzeText, type AnalysisResult, type AnalyzerConfig } from '../../server/src/analysis/analyze.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import { ItemCache } from '../../server/src/analysis/itemCache.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';

export class OpenDocument {
  readonly items = new ItemCache();
  constructor(readonly index: WorkspaceIndex, readonly config?: AnalyzerConfig, readonly file = 'pkg.pkb', readonly extraRules?: Rule[]) {}

  /** Analyses incrementally and from scratch, asserts they agree, and returns the incremental result. */
  edit(text: string, what: string): AnalysisResult {
    const { file, index, config, extraRules } = this;
    const scratch = analyzeText(text, { file, index, config, extraRules, unitCache: false });
    const incremental = analyzeText(text, { file, index, config, extraRules, unitCache: true, items: this.items });
    assert.deepEqual(incremental.findings, scratch.findings, `findings after ${what}`);
    assert.deepEqual(semanticsOf(incremental), semanticsOf(scratch), `hints and hover after ${what}`);
    this.index.updateFromScript(this.file, incremental.script, text);
    // the index's call sites of the document (find references), re-indexed from the kept parse, as from scratch
    const fresh = new WorkspaceIndex();
    fresh.updateFromScript(this.file, parseScript(text, { unitCache: false }), text);
    assert.deepEqual(this.index.referencesIn(this.file), fresh.referencesIn(this.file), `references after ${what}`);
    return incremental;
  }
}

/** What the editor shows of the semantics: loop estimates (inlay hints) and how each call resolved (hover, definition). */
export function semanticsOf(result: AnalysisResult): unknown {
  return {
    loops: result.semantics.loops,
    calls: result.semantics.calls.map((c) => ({
      name: c.name, range: c.range, nameRange: c.nameRange, context: c.context, loop: c.loop, loopHeader: c.loopHeader,
      kind: c.resolution.kind, definition: c.resolution.definition,
      symbol: c.resolution.symbol && { name: c.resolution.symbol.name, kind: c.resolution.symbol.kind, range: c.resolution.symbol.range },
    })),
  };
}
