/**
 * A workspace index built from the syntax model: the documented WorkspaceIndex interface, used until the
 * analyzer's own index (server/src/analysis/index/) is available. Each file is parsed without the unit cache
 * (indexed files are mostly not open, so caching their units would only hold memory) and only its
 * definitions and call sites are kept.
 */
import { parseScript } from '../../syntax/parseScript.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import type { IndexedDefinition, SymbolIndex } from '../analyzerApi.ts';
import { callsIn, flattenSymbols, symbolTrees } from './modelSymbols.ts';

interface FileEntry {
  definitions: IndexedDefinition[];
  calls: { name: string; range: SourceRange }[];
}

export class ModelSymbolIndex implements SymbolIndex {
  private readonly files = new Map<string, FileEntry>();
  private readonly byName = new Map<string, IndexedDefinition[]>();
  private totalMs = 0;

  update(file: string, text: string): void {
    const started = performance.now();
    this.remove(file);
    const script = parseScript(text, { unitCache: false });
    const definitions = flattenSymbols(symbolTrees(script, file));
    const calls = callsIn(script).map((c) => ({ name: c.name, range: c.nameRange }));
    this.files.set(file, { definitions, calls });
    for (const d of definitions) {
      const list = this.byName.get(d.name) ?? [];
      list.push(d);
      this.byName.set(d.name, list);
    }
    this.totalMs += performance.now() - started;
  }

  remove(file: string): void {
    const old = this.files.get(file);
    if (!old) return;
    this.files.delete(file);
    for (const d of old.definitions) {
      const list = this.byName.get(d.name)?.filter((x) => x.file !== file) ?? [];
      if (list.length) this.byName.set(d.name, list);
      else this.byName.delete(d.name);
    }
  }

  definitions(name: string): IndexedDefinition[] {
    return this.byName.get(name) ?? [];
  }

  definitionsIn(file: string): IndexedDefinition[] {
    return this.files.get(file)?.definitions ?? [];
  }

  /** Call sites named exactly `name`, or `name` qualified by a schema (`SCOTT.BY2` for `BY2`). */
  references(name: string): { file: string; range: SourceRange }[] {
    const out: { file: string; range: SourceRange }[] = [];
    for (const [file, entry] of this.files) {
      for (const call of entry.calls) {
        if (call.name === name || call.name.endsWith(`.${name}`)) out.push({ file, range: call.range });
      }
    }
    return out;
  }

  get stats(): { files: number; definitions: number; ms: number } {
    let definitions = 0;
    for (const entry of this.files.values()) definitions += entry.definitions.length;
    return { files: this.files.size, definitions, ms: Math.round(this.totalMs) };
  }
}
