#!/usr/bin/env node
// The command StrykerJS's command runner runs for each mutant (stryker.command.config.json):
// test/rules/mutationSuite.ts, bundled once per sandbox (mutation-bundle.mjs), so each run skips tsx's start-up and
// transpiling (seconds per mutant on a loaded 2-core machine).
import { bundleSuiteOnce } from './mutation-bundle.mjs';

await import(await bundleSuiteOnce(new URL('../test/rules/mutationSuite.ts', import.meta.url).pathname, 'mutation-suite'));
