/**
 * The custom messages between the VS Code extension and the server, in one place (STYLE.md §6).
 * Version 1; both sides import these types.
 */
import type { Severity } from '../syntax/finding.ts';

/** Analyse every indexed file of the workspace (the "Check workspace" and "Export review checklist" commands). */
export const CheckWorkspaceRequest = 'plsqlPerf/checkWorkspace';

export interface WorkspaceFinding {
  rule: string;
  severity: Severity;
  message: string;
  /** 0-based, as in LSP. */
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  loop?: string;
  fix?: string;
}

export interface CheckWorkspaceResult {
  version: 1;
  files: { uri: string; findings: WorkspaceFinding[] }[];
  filesChecked: number;
  ms: number;
}

/** The rule list with summaries and documentation links (the "Show rule documentation" command). */
export const RuleListRequest = 'plsqlPerf/rules';

export interface RuleListResult {
  version: 1;
  rules: { id: string; summary?: string; docUri?: string }[];
}

/** Sent by the server when indexing starts/ends, for the status bar. */
export const IndexStatusNotification = 'plsqlPerf/indexStatus';

export interface IndexStatus {
  state: 'indexing' | 'ready';
  files: number;
  definitions: number;
  ms: number;
}

/** Server-side command behind the "Open rule documentation" code action (uses window/showDocument). */
export const OpenRuleDocumentationCommand = 'plsqlPerf.server.openRuleDocumentation';

/** Client-side command the "Profile this block" lens runs; the profile feature implements it. */
export const ProfileBlockCommand = 'plsqlPerf.profileBlock';

export interface ProfileBlockArguments {
  uri: string;
  /** 0-based range of the block or subprogram. */
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  name: string;
  kind: 'anonymous-block' | 'procedure' | 'function' | 'subprogram';
}
