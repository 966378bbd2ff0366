/**
 * Where a rule is explained: its page (docs/rules/<id>.md) and a one-line summary for hovers.
 * Links point at the pages shipped next to the server (the .vsix and the npm package both carry
 * docs/rules/), or under the `ruleDocsBaseUrl` setting when a team hosts them elsewhere.
 * Seam: the summaries come from the analyzer's rule registry (analysis/rules/registry.ts) once it is on main.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const builtInSummaries: Record<string, string> = {
  'syntax-error': 'The code does not parse as PL/SQL or a SQL*Plus script; the rules skip what they cannot read.',
  'wrapped-unit': 'A wrapped (obfuscated) unit: its body cannot be analysed.',
  'internal-error': 'plsql-perf failed on this file; the other files are still analysed. Please report it with the log.',
};

export function ruleSummary(rule: string): string | undefined {
  return builtInSummaries[rule];
}

export function ruleDocUri(rule: string, docsRoot: string, baseUrl: string): string | undefined {
  if (!/^[a-z0-9-]+$/.test(rule)) return undefined;
  if (baseUrl) return `${baseUrl.replace(/\/?$/, '/')}${rule}.md`;
  const page = join(docsRoot, `${rule}.md`);
  return existsSync(page) ? pathToFileURL(page).href : undefined;
}
