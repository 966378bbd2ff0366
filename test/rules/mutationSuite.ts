/**
 * The tests StrykerJS runs for each mutant (`npm run mutation`, stryker.config.json): the rule fixtures, the rules'
 * helpers and the analyzer's semantic tests, in one process (node:test runs the tests each import registers), so a
 * mutant costs one start-up rather than one per file.
 */
await import('./rules.test.ts');
await import('./support.test.ts');
await import('../analysis/semantics.test.ts');
