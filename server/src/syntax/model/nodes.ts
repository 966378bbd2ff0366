/**
 * The typed syntax model the rules work on. Built from the parse tree by buildModel.ts; rules never see
 * ANTLR contexts. Every node has a `kind` and a 1-based source `range` (end column exclusive), in file
 * coordinates.
 *
 * Names are kept as written (`text`) and normalised (`name`: upper case unless quoted, quotes removed),
 * so rules can compare names the way Oracle resolves them.
 */
import type { SourceRange } from '../finding.ts';

export type Range = SourceRange;

export type UnitKind =
  | 'package'
  | 'package-body'
  | 'procedure'
  | 'function'
  | 'trigger'
  | 'type'
  | 'type-body'
  | 'anonymous-block'
  | 'sql-statement'
  | 'sqlplus-execute'
  | 'other-ddl';

/** One top-level unit of a script: a CREATE of a PL/SQL unit, an anonymous block, or one SQL statement. */
export interface UnitNode {
  kind: 'unit';
  unitKind: UnitKind;
  /** Normalised name, e.g. `UT_RUNNER` or `SCHEMA.PKG`; empty for anonymous blocks and SQL. */
  name: string;
  range: Range;
  nameRange?: Range;
  /** AUTHID, ACCESSIBLE BY, ... as written, upper-cased. */
  properties: string[];
  declarations: DeclarationNode[];
  subprograms: SubprogramNode[];
  /** Executable part: anonymous block, package initialisation, standalone subprogram body, trigger body. */
  body?: BlockNode;
  /** For a standalone procedure or function: its heading and body. */
  subprogram?: SubprogramNode;
  /** For SQL statements at top level and CALL-style units. */
  statements: StatementNode[];
  trigger?: TriggerInfo;
  /** Which conditional-compilation view this model came from ('all' = every branch at once). */
  conditionalView: 'all' | number;
}

export interface TriggerInfo {
  timing: 'before' | 'after' | 'instead-of' | 'compound' | 'for';
  /** FOR EACH ROW (or a compound trigger with row-level timing points). */
  rowLevel: boolean;
  /** The header tokens (events, table, referencing) as text. */
  header: string;
  timingPoints: { timing: string; body: BlockNode }[];
}

export type SubprogramKind = 'procedure' | 'function' | 'constructor';

export interface SubprogramNode {
  kind: 'subprogram';
  subprogramKind: SubprogramKind;
  name: string;
  range: Range;
  nameRange: Range;
  /** MEMBER, STATIC, MAP MEMBER, ... for object type methods. */
  methodKind?: string;
  parameters: ParameterNode[];
  returnType?: string;
  /** DETERMINISTIC, PIPELINED, PARALLEL_ENABLE, RESULT_CACHE, ... upper-cased. */
  properties: string[];
  /** A specification or forward declaration (no body). */
  isDeclarationOnly: boolean;
  /** LANGUAGE C/JAVA or EXTERNAL call specification. */
  isCallSpec: boolean;
  declarations: DeclarationNode[];
  subprograms: SubprogramNode[];
  body?: BlockNode;
}

export interface ParameterNode {
  kind: 'parameter';
  name: string;
  mode: 'in' | 'out' | 'in out';
  nocopy: boolean;
  type: string;
  hasDefault: boolean;
  range: Range;
}

export type DeclarationKind =
  | 'variable'
  | 'constant'
  | 'exception'
  | 'type'
  | 'subtype'
  | 'cursor'
  | 'pragma';

export interface DeclarationNode {
  kind: 'declaration';
  declarationKind: DeclarationKind;
  /** The declared name; for pragmas the pragma name (UDF, INLINE, EXCEPTION_INIT, ...). */
  name: string;
  range: Range;
  nameRange: Range;
  /** Type as written (variables, constants, subtypes, type definitions), whitespace-normalised. */
  typeText?: string;
  /** Pragma arguments or the cursor query, as written. */
  argumentsText?: string;
  /** Calls inside initial values and cursor queries. */
  calls: CallNode[];
  /** The cursor's query. */
  query?: SqlStatementNode;
  /** A variable's or constant's initial value (`:=` or DEFAULT) as written, whitespace-normalised. */
  initialText?: string;
}

export interface BlockNode {
  kind: 'block';
  range: Range;
  label?: string;
  declarations: DeclarationNode[];
  subprograms: SubprogramNode[];
  statements: StatementNode[];
  exceptionHandlers: ExceptionHandlerNode[];
}

export interface ExceptionHandlerNode {
  kind: 'exception-handler';
  /** Normalised exception names; `OTHERS` for WHEN OTHERS. */
  exceptions: string[];
  range: Range;
  statements: StatementNode[];
}

export type StatementKind =
  | 'assignment'
  | 'call'
  | 'if'
  | 'case'
  | 'loop'
  | 'forall'
  | 'exit'
  | 'continue'
  | 'goto'
  | 'raise'
  | 'return'
  | 'null'
  | 'pipe-row'
  | 'open'
  | 'fetch'
  | 'close'
  | 'execute-immediate'
  | 'sql'
  | 'block'
  | 'pragma';

interface StatementBase {
  kind: 'statement';
  statementKind: StatementKind;
  range: Range;
  /** Labels written just before the statement (`<<outer>>`). */
  labels: string[];
  /** Calls in this statement's own expressions (not in nested statements). */
  calls: CallNode[];
}

export interface SimpleStatementNode extends StatementBase {
  statementKind: Exclude<StatementKind, 'if' | 'case' | 'loop' | 'forall' | 'sql' | 'block' | 'execute-immediate' | 'fetch'>;
  /** For assignments: the target; for calls: the callee; for RAISE/EXIT/GOTO: the name. */
  target?: string;
  /** For EXIT and CONTINUE: written with a WHEN condition. */
  conditional?: boolean;
}

export interface BranchNode {
  kind: 'branch';
  /** The condition (IF/ELSIF/WHEN) as written; absent for ELSE. */
  condition?: string;
  range: Range;
  statements: StatementNode[];
}

export interface CompoundStatementNode extends StatementBase {
  statementKind: 'if' | 'case';
  branches: BranchNode[];
}

export type LoopKind = 'basic' | 'while' | 'numeric-for' | 'cursor-for' | 'collection-for';

export interface LoopStatementNode extends StatementBase {
  statementKind: 'loop';
  loopKind: LoopKind;
  /** FOR loop index names. */
  iterators: string[];
  /** The iteration control / WHILE condition as written. */
  header: string;
  headerRange: Range;
  /** The query of a cursor FOR loop over `(SELECT ...)`. */
  query?: SqlStatementNode;
  /** The cursor name of a cursor FOR loop over a declared cursor. */
  cursorName?: string;
  statements: StatementNode[];
}

export interface ForallStatementNode extends StatementBase {
  statementKind: 'forall';
  iterator: string;
  /** The bounds as written: `1 .. l_ids.COUNT`, `INDICES OF l_ids`, `VALUES OF l_idx`. */
  header: string;
  headerRange: Range;
  saveExceptions: boolean;
  /** The bulk DML (or EXECUTE IMMEDIATE) it runs. */
  sql?: SqlStatementNode;
  dynamicSql?: DynamicSqlInfo;
}

export interface SqlStatementHolder extends StatementBase {
  statementKind: 'sql';
  sql: SqlStatementNode;
}

export interface FetchStatementNode extends StatementBase {
  statementKind: 'fetch';
  cursorName: string;
  bulkCollect: boolean;
  hasLimit: boolean;
}

export interface DynamicSqlInfo {
  /** The SQL text when the statement is a single string literal; otherwise undefined. */
  literalText?: string;
  /** The first string literal when the SQL text is a concatenation that starts with one (`'select ' || l_cols`). */
  leadingText?: string;
  /** The variable holding the SQL text when the statement is one name (`EXECUTE IMMEDIATE l_sql`), normalised. */
  textVariable?: string;
  hasInto: boolean;
  bulkCollect: boolean;
  usingCount: number;
}

export interface ExecuteImmediateStatementNode extends StatementBase, DynamicSqlInfo {
  statementKind: 'execute-immediate';
}

export interface BlockStatementNode extends StatementBase {
  statementKind: 'block';
  block: BlockNode;
}

export type StatementNode =
  | SimpleStatementNode
  | CompoundStatementNode
  | LoopStatementNode
  | ForallStatementNode
  | SqlStatementHolder
  | FetchStatementNode
  | ExecuteImmediateStatementNode
  | BlockStatementNode;

export type SqlKind =
  | 'select'
  | 'insert'
  | 'update'
  | 'delete'
  | 'merge'
  | 'commit'
  | 'rollback'
  | 'savepoint'
  | 'set'
  | 'lock'
  | 'other';

export interface HintNode {
  kind: 'hint';
  /** The hint text without the comment markers, e.g. `gather_plan_statistics full(t)`. */
  text: string;
  range: Range;
}

export interface SqlStatementNode {
  kind: 'sql';
  sqlKind: SqlKind;
  range: Range;
  /** Optimizer hints of every query block and DML keyword in the statement. */
  hints: HintNode[];
  /** Function calls in the statement (select list, predicates, values, ...). */
  calls: CallNode[];
  /** SELECT ... INTO / RETURNING ... INTO targets. */
  intoTargets: string[];
  bulkCollect: boolean;
  /** Tables and views named in FROM/INTO/UPDATE/MERGE, normalised. */
  tables: string[];
}

/**
 * A name followed by an argument list, or a bare name called as a statement. Oracle syntax cannot tell a
 * function call `f(x)` from a collection element `c(x)`: `mayBeCollectionAccess` says which ones need the
 * declarations in scope to decide.
 */
export interface CallNode {
  kind: 'call';
  /** Normalised dotted name of the callee, e.g. `DBMS_OUTPUT.PUT_LINE`, `UT.EXPECT`. */
  name: string;
  /** Name parts, normalised. */
  parts: string[];
  range: Range;
  nameRange: Range;
  argumentCount: number;
  /** The arguments in order (named ones carry their parameter name). */
  args: ArgumentNode[];
  /** Where the call appears: a PL/SQL expression, a call statement, or inside a SQL statement. */
  context: 'expression' | 'statement' | 'sql';
  /** True for `x(...)` with one part and positional arguments, which may index a collection. */
  mayBeCollectionAccess: boolean;
  /**
   * A call in SQL that runs once per execution of its statement, whatever rows the statement reads: in the
   * VALUES of INSERT ... VALUES (one row), or in the select list of SELECT ... INTO without aggregates (its one row).
   */
  oncePerStatement?: true;
}

/** One argument of a call: `x`, `p_size => 4000`. */
export interface ArgumentNode {
  /** The parameter name of a named argument (`name => value`), normalised. */
  name?: string;
  /** The value as written, whitespace-normalised. */
  text: string;
  range: Range;
}

export type ModelNode =
  | UnitNode
  | SubprogramNode
  | DeclarationNode
  | BlockNode
  | ExceptionHandlerNode
  | StatementNode
  | BranchNode
  | SqlStatementNode
  | CallNode
  | HintNode;
