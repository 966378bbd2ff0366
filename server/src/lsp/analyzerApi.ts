/**
 * The parts of the analyzer API (team/ANALYZER_API.md) the server uses, written as the API documents them.
 * The analyzer lands progressively; until a part exists, the adapters in this folder fill the gap (see
 * analyzeDocument.ts and workspace/symbolIndex.ts), so every feature is written once, against this shape.
 */
import type { Finding, Severity, SourceRange } from '../syntax/finding.ts';
import type { CallNode } from '../syntax/model/nodes.ts';

export interface FindingFix {
  kind: 'safe' | 'suggestion';
  title: string;
  edits: { range: SourceRange; newText: string }[];
}

export interface EditorFinding extends Finding {
  loop?: { text: string; iterations?: number; line: number };
  related?: { file?: string; range: SourceRange; message: string }[];
  fix?: FindingFix;
}

export interface LoopEstimate {
  range: SourceRange;
  headerRange: SourceRange;
  loopKind: string;
  depth: number;
  estimate: { text: string; iterations?: number };
}

export type CallResolutionKind =
  | 'local' | 'same-package' | 'other-package' | 'standalone' | 'oracle-supplied' | 'collection-element' | 'unresolved';

export interface IndexedDefinition {
  name: string;
  kind: 'package' | 'package-body' | 'procedure' | 'function' | 'package-member' | 'type' | 'trigger' | 'cursor';
  file: string;
  range: SourceRange;
  nameRange: SourceRange;
  container?: string;
}

export interface ResolvedCall {
  call: CallNode;
  resolution: { kind: CallResolutionKind; definition?: IndexedDefinition };
}

/** WorkspaceIndex as documented; the real class and the fallback both satisfy it. */
export interface SymbolIndex {
  update(file: string, text: string): void;
  remove(file: string): void;
  definitions(name: string): IndexedDefinition[];
  definitionsIn(file: string): IndexedDefinition[];
  references(name: string): { file: string; range: SourceRange }[];
  readonly stats: { files: number; definitions: number; ms: number };
}

export interface RuleSetting {
  enabled?: boolean;
  severity?: Severity;
  options?: Record<string, unknown>;
}

export interface AnalyzerConfig {
  rules?: Record<string, RuleSetting>;
}
