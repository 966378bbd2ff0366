/**
 * The ruling report: every performance finding on a corpus of real code, one line each, so a change in what
 * fires on real code shows in review. `node --import tsx test/ruling/ruling.ts [CORPUS] > test/ruling/corpus.txt`
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import { discoverFiles } from '../../server/src/cli/discover.ts';
import { decodeSource } from '../../server/src/parser/decodeSource.ts';

export const defaultCorpus = new URL('../../../shared/corpus/', import.meta.url).pathname;

/** Lines `path:line:column rule severity | message`, sorted; syntax errors are the parser's business, left out. */
export function rulingLines(corpus: string): string[] {
  const discovery = discoverFiles([corpus], corpus);
  const documents = discovery.files.map((f) => ({ file: relative(corpus, f.path), text: decodeSource(readFileSync(f.path)).text }));
  const project = analyzeProject(documents);
  const lines: string[] = [];
  for (const entry of project.results) {
    if (!('result' in entry)) {
      lines.push(`${entry.file}:0:0 internal-error error | ${String(entry.error)}`);
      continue;
    }
    for (const f of entry.result.findings) {
      if (f.rule === 'syntax-error' || f.rule === 'wrapped-unit') continue;
      lines.push(`${entry.file}:${f.line}:${f.column} ${f.rule} ${f.severity} | ${f.message}`);
    }
  }
  return lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpus = process.argv[2] ?? defaultCorpus;
  process.stdout.write(rulingLines(corpus).join('\n') + '\n');
}
