/**
 * The clean-file rate of our parser on each corpus, in a child process of the benchmark: ../shared/corpus
 * comes from the measurement child already; this one reads ../shared/corpus-wide and our modern corpus
 * (test/corpus-modern). A corpus that is not there is reported as missing, not as a failure.
 */
import { existsSync } from 'node:fs';
import { cleanRate, type CleanRate } from './cleanRate.ts';
import { corpusWideRoot, modernCorpusRoot } from './corpus.ts';
import { loadParser } from './driver.ts';

export interface CorpusRate {
  name: string;
  root: string;
  /** Absent when the corpus directory does not exist. */
  rate?: CleanRate;
}

export const RATE_CORPORA: readonly { name: string; root: () => string }[] = [
  { name: 'corpus-wide', root: corpusWideRoot },
  { name: 'corpus-modern', root: modernCorpusRoot },
];

export async function runRatesChild(): Promise<CorpusRate[]> {
  const parser = await loadParser('ours');
  const out: CorpusRate[] = [];
  for (const c of RATE_CORPORA) {
    const root = c.root();
    process.stderr.write(`[ours] clean-file rate of ${root}\n`);
    out.push(existsSync(root) ? { name: c.name, root, rate: cleanRate(parser, root) } : { name: c.name, root });
  }
  return out;
}
