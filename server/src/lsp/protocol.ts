/**
 * The custom messages between the VS Code extension and the server, in one place (STYLE.md §6).
 * Version 1; both sides import these types.
 */
import type { Severity } from '../syntax/finding.ts';
import type { UnitLines } from '../profile/hypotheses.ts';
import type { StaticFinding } from '../profile/profileDocument.ts';

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
  /** The source line the finding starts on (the review checklist shows it). */
  code?: string;
  /** The line (1-based) of the loop the estimate is about. */
  loopLine?: number;
  fixKind?: 'safe' | 'suggestion';
}

export interface CheckWorkspaceResult {
  version: 1;
  files: { uri: string; findings: WorkspaceFinding[] }[];
  filesChecked: number;
  ms: number;
  /** Lines of the files checked. */
  lines?: number;
  /** Files that could not be checked, and why. */
  errors?: { uri: string; message: string }[];
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

/**
 * The hypotheses of "Profile this block": the findings the editor shows on the profiled lines, computed with
 * the workspace index (a call to a standalone function of another file is known), plus those in the
 * subprogram the block calls, wherever in the workspace it is defined. Lines are 1-based with an exclusive end
 * column, as in findings and saved profiles (not LSP positions): the result goes into the profile unchanged.
 */
export const ProfileHypothesesRequest = 'plsqlPerf/profileHypotheses';

export interface ProfileHypothesesParams {
  /** An open document (the server analyses the editor's text). */
  uri: string;
  startLine: number;
  endLine: number;
  /** The subprogram the block calls (EXEC name, or a generated call block), as written. */
  subprogram?: string;
}

export interface ProfileHypothesesResult {
  version: 1;
  /** The document version the findings belong to. */
  documentVersion: number;
  /** In the profile's form; `file` (workspace-relative) only on findings of another file. */
  findings: StaticFinding[];
  /** Units of the document and of the called subprogram's file (with `file`), for HPROF's unit lines. */
  units: UnitLines[];
  /** Where the called subprogram is defined, when it was found. */
  calledUnit?: UnitLines;
}

/**
 * Commands a client has and the server may put in its answers (initializationOptions.clientCommands). The
 * VS Code extension sends both: rule links then open the rendered page, and "Disable for this line" inserts
 * a snippet with the reason selected. Other editors send none and get file links and plain edits.
 */
export interface ClientCommands {
  /** Opens a rule's rendered documentation; argument: the rule id. */
  ruleDocumentation?: string;
  /** Inserts a snippet; arguments: the document URI, the 0-based line to insert at, the snippet text. */
  insertSnippet?: string;
}

export function clientCommandsOf(initializationOptions: unknown): ClientCommands {
  const given = (initializationOptions as { clientCommands?: Record<string, unknown> } | undefined)?.clientCommands;
  const name = (value: unknown) => (typeof value === 'string' && /^[\w.-]+$/.test(value) ? value : undefined);
  return { ruleDocumentation: name(given?.ruleDocumentation), insertSnippet: name(given?.insertSnippet) };
}
