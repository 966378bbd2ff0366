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

/**
 * The link to a rule's page: under the team's `ruleDocsBaseUrl`; else, for a client that has a command to
 * show the rendered page (the VS Code extension: the Markdown preview), a command URI, since a file link
 * would open the raw, editable .md inside the extension's install folder; else the shipped page's file URI.
 */
export function ruleDocUri(rule: string, docsRoot: string, baseUrl: string, renderCommand?: string): string | undefined {
  if (!ruleMeta(rule)) return undefined;
  if (baseUrl) return `${baseUrl.replace(/\/?$/, '/')}${rule}.md`;
  if (renderCommand) return `command:${renderCommand}?${encodeURIComponent(JSON.stringify([rule]))}`;
  const page = join(docsRoot, `${rule}.md`);
  return existsSync(page) ? pathToFileURL(page).href : undefined;
}
