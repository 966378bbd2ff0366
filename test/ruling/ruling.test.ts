/**
 * The ruling report over ../shared/corpus: what every rule finds on real code, kept in the repo
 * (test/ruling/corpus.txt) so that any change in what fires shows in review. When a change is intended,
 * regenerate it: `node --import tsx test/ruling/ruling.ts > test/ruling/corpus.txt`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { defaultCorpus, rulingLines } from './ruling.ts';

const expectedFile = new URL('./corpus.txt', import.meta.url).pathname;

test('the findings on ../shared/corpus match test/ruling/corpus.txt', (t) => {
  if (!existsSync(defaultCorpus)) {
    if (process.env.CI === 'true') assert.fail(`the corpus is missing at ${defaultCorpus}`);
    t.skip(`../shared/corpus is not beside the checkout (${defaultCorpus}); ruling not compared`);
    return;
  }
  const actual = rulingLines(defaultCorpus);
  const expected = readFileSync(expectedFile, 'utf8').split('\n').filter(Boolean);
  const added = actual.filter((l) => !expected.includes(l));
  const removed = expected.filter((l) => !actual.includes(l));
  assert.deepEqual({ added, removed }, { added: [], removed: [] },
    'the findings on the corpus changed; if intended, regenerate test/ruling/corpus.txt (see this file\'s comment)');
});
