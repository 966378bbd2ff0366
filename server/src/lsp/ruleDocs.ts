/**
 * Where a rule is explained: its page (docs/rules/<id>.md) and its summary and remedy from the registry.
 * Links point at the pages shipped next to the server (the .vsix and the npm package both carry
 * docs/rules/), or under the `ruleDocsBaseUrl` setting when a team hosts them elsewhere.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleMeta, RULES } from '../analysis/rules/registry.ts';

export function ruleSummary(rule: string): { summary: string; remedy: string } | undefined {
  const meta = ruleMeta(rule);
  return meta ? { summary: meta.summary, remedy: meta.remedy } : undefined;
}

export function allRuleIds(): string[] {
  return RULES.map((r) => r.id);
}

export function ruleDocUri(rule: string, docsRoot: string, baseUrl: string): string | undefined {
  if (!ruleMeta(rule)) return undefined;
  if (baseUrl) return `${baseUrl.replace(/\/?$/, '/')}${rule}.md`;
  const page = join(docsRoot, `${rule}.md`);
  return existsSync(page) ? pathToFileURL(page).href : undefined;
}
