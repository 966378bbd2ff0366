/**
 * What a rule is: its metadata and a visitor over the one model walk. A rule reports through its context;
 * severity follows the loop heat unless the rule says otherwise.
 */
import type { Finding, Severity, SourceRange } from '../../syntax/finding.ts';
import type { CallGraph } from '../index/callGraph.ts';
import type { IndexedDefinition } from '../index/workspaceIndex.ts';
import type { IterationEstimate } from '../semantic/estimate.ts';
import type { SimpleStatementNode, SqlStatementNode } from '../../syntax/model/nodes.ts';
import type { Scope } from '../semantic/scope.ts';
import type { ModelVisitor } from '../semantic/walk.ts';

export type RuleStatus = 'stable' | 'preview';
export type FixKind = 'none' | 'safe' | 'suggestion';

export interface RuleMeta {
  /** kebab-case id, used in configuration, suppressions and every output. */
  id: string;
  defaultSeverity: Severity;
  status: RuleStatus;
  /** One sentence: what the rule finds. */
  summary: string;
  /** What to do instead, in one sentence (the review checklist prints it). */
  remedy: string;
  fixKind: FixKind;
  /** The rule's documentation page, relative to the package root. */
  docPath: string;
  /**
   * The highest severity in a deployment script (run by hand or at install), for rules whose cost is confined to
   * the session that runs the code (a trace switched on in a script ends with it).
   */
  scriptSeverity?: Severity;
}

export type FindingFix = NonNullable<Finding['fix']>;
export type RelatedLocation = NonNullable<Finding['related']>[number];

export interface ReportOptions {
  /** The estimate of the loops around the finding: printed and used for the severity. */
  loop?: { estimate: IterationEstimate; line: number };
  /** Overrides the severity the heat would give (before configuration). */
  severity?: Severity;
  related?: RelatedLocation[];
  fix?: FindingFix;
  /** The reported statement reads only data-dictionary views: install-time work in a deployment script. */
  readsDictionary?: boolean;
}

export interface RuleContext {
  readonly file: string | undefined;
  /** The document's text. */
  readonly text: string;
  /** The workspace call graph (this document's subprograms are in it under `file`, or '' without a name). */
  readonly callGraph: CallGraph;
  /** Rule options from the configuration (`rules.<id>.options`). */
  readonly options: Readonly<Record<string, unknown>>;
  report(range: SourceRange, message: string, options?: ReportOptions): void;
  /** True when a syntax error lies inside the range: the model there may be rebuilt by error recovery. */
  hasSyntaxErrorIn(range: SourceRange): boolean;
  /** The source text of a range. */
  textIn(range: SourceRange): string;
  /**
   * Offsets (start, exclusive end) of the text that is SQL or PL/SQL: code segments and SQL*Plus EXECUTE
   * lines. Other SQL*Plus commands (REM, PROMPT, SET ...) are left out: an apostrophe in a REM line is no quote.
   */
  readonly codeRanges: readonly { start: number; end: number }[];
  /**
   * Whether a call statement always raises: RAISE_APPLICATION_ERROR, or a local, package or workspace
   * procedure whose every path ends in RAISE (an assertion or error-package helper).
   */
  callAlwaysRaises(statement: SimpleStatementNode, scope: Scope): boolean;
  /** Definitions of a normalised name (`PKG.PROC`, `BY2`): this document first, then the workspace. */
  definitions(name: string): readonly IndexedDefinition[];
  /**
   * Why a SELECT, or the query of an INSERT ... SELECT, reads at most one row (it fixes a primary or unique key
   * the workspace declares, or stops at ROWNUM 1), or undefined.
   */
  singleRowOf(sql: SqlStatementNode): string | undefined;
  /**
   * The declared type of a table's column (`CLOB`, `NUMBER(10,2)`), from the CREATE TABLE the workspace holds (of a
   * table with a declared key: the DDL the key index reads), or undefined. Names normalised, without schema.
   */
  columnTypeOf(table: string, column: string): string | undefined;
}

export interface Rule {
  meta: RuleMeta;
  /** A fresh visitor per document: rules may keep per-document state in it. */
  create(context: RuleContext): ModelVisitor & { /** after the walk, for rules that look at the whole text */ finish?(): void };
}

export function docPathOf(id: string): string {
  return `docs/rules/${id}.md`;
}
