#!/usr/bin/env node
// Writes one `plsqlPerf.rule.<id>` setting per rule of the registry into package.json (a dropdown each in the
// Settings UI), keeping every other key where it is. Run after adding a rule:
//   node --import tsx scripts/sync-rule-settings.mjs
// test/editor/manifest.test.ts fails while package.json and the registry disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { RULES } from '../server/src/analysis/rules/registry.ts';

const file = new URL('../package.json', import.meta.url);
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const PREFIX = 'plsqlPerf.rule.';
const REPO = 'https://github.com/plsql-perf/plsql-perf/blob/main/docs/rules/';

function ruleSetting(rule) {
  return {
    type: 'string',
    scope: 'resource',
    enum: ['default', 'off', 'info', 'warning', 'error'],
    default: 'default',
    enumDescriptions: [
      `The project's level from .plsqlperf.json, else the rule's own (${rule.defaultSeverity}).`,
      'Do not report this rule.', 'Report as information.', 'Report as a warning.', 'Report as an error.',
    ],
    markdownDescription: `[${rule.id}](${REPO}${rule.id}.md): ${rule.summary}`,
  };
}

const old = manifest.contributes.configuration.properties;
const properties = {};
let written = false;
const writeRules = () => {
  // internal-error is the analyzer reporting its own failure: nothing to configure.
  for (const rule of RULES.filter((r) => r.id !== 'internal-error')) properties[`${PREFIX}${rule.id}`] = ruleSetting(rule);
  written = true;
};
for (const [key, value] of Object.entries(old)) {
  if (key.startsWith(PREFIX)) {
    if (!written) writeRules();
    continue;
  }
  properties[key] = value;
}
if (!written) writeRules();
manifest.contributes.configuration.properties = properties;
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`package.json: ${RULES.length - 1} rule settings`);
