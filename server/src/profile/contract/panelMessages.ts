// The messages between the extension host (panel.ts) and the profile page (media/profile/), one union per
// direction. No vscode imports: the page bundle and the tests import these types too.
import type { ProfileDocument } from '../profileDocument.ts';

/** What the page shows: one profile, or two compared (before -> after, ratio per metric). */
export type ProfileView =
  | {
      kind: 'single';
      doc: ProfileDocument;
      /** Files the profile names that are not in this workspace: their confirmed hints are not marked. */
      missingFiles?: string[];
    }
  | { kind: 'compare'; before: ProfileDocument; after: ProfileDocument };

/** Where to jump in the code: a file line of the profiled block (1-based). */
export interface SourceTarget {
  /** Workspace-relative or absolute path as saved in the profile; absent for an untitled editor. */
  file?: string;
  line: number;
}

/** Extension -> page. */
export type HostMessage = { type: 'show'; view: ProfileView };

/** Page -> extension. */
export type PageMessage =
  | { type: 'ready'; hasView: boolean }
  | { type: 'openSource'; target: SourceTarget }
  | { type: 'openRuleDoc'; rule: string };

/** View-only choices kept across reloads (VS Code's getState/setState). */
export interface PageUiState {
  /** Frame path (root first) the flame graph is zoomed into; empty = whole graph. */
  flameZoom: string[];
}

/** What the page stores with setState, and what the panel serializer gets back after a reload. */
export interface PageState {
  view: ProfileView;
  ui: PageUiState;
}

/** Rule ids are kebab-case; anything else is refused before it becomes a path. */
export const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Messages arrive from a page that renders untrusted profile data: check the shape before acting on them. */
export function parsePageMessage(value: unknown): PageMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
      return { type: 'ready', hasView: m.hasView === true };
    case 'openSource': {
      const t = m.target as Record<string, unknown> | undefined;
      if (typeof t !== 'object' || t === null) return undefined;
      if (typeof t.line !== 'number' || !Number.isInteger(t.line) || t.line < 1) return undefined;
      if (t.file !== undefined && (typeof t.file !== 'string' || t.file === '')) return undefined;
      return { type: 'openSource', target: t.file === undefined ? { line: t.line } : { file: t.file, line: t.line } };
    }
    case 'openRuleDoc':
      return typeof m.rule === 'string' && RULE_ID.test(m.rule) ? { type: 'openRuleDoc', rule: m.rule } : undefined;
    default:
      return undefined;
  }
}
