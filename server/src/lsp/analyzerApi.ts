/**
 * The analyzer types the server works with, named in one place (team/ANALYZER_API.md). Everything comes from
 * server/src/analysis; only the editor's view of a resolved call is shaped here.
 */
export type { Finding as EditorFinding } from '../syntax/finding.ts';
export type { AnalyzerConfig, RuleSetting } from '../analysis/analyze.ts';
export type { IndexedDefinition } from '../analysis/index/workspaceIndex.ts';
export { WorkspaceIndex } from '../analysis/index/workspaceIndex.ts';
export type { LoopSummary as LoopEstimate, CallSummary as ResolvedCall } from '../analysis/semantic/documentSemantics.ts';
export type { ResolutionKind as CallResolutionKind } from '../analysis/semantic/resolveCall.ts';
