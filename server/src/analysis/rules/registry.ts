/**
 * Every rule the analyzer knows, with its metadata. The performance rules are one file each in this folder;
 * the built-in findings (syntax errors, wrapped units, internal errors) have metadata here so every report
 * can describe every finding.
 */
import { bulkCollectWithoutLimit } from './bulk-collect-without-limit.ts';
import { commitInLoop } from './commit-in-loop.ts';
import { dmlInLoop } from './dml-in-loop.ts';
import { exceptionHandlerInLoop } from './exception-handler-in-loop.ts';
import { nestedCursorLoop } from './nested-cursor-loop.ts';
import { planStatisticsInCode } from './plan-statistics-in-code.ts';
import { rowByRowFetch } from './row-by-row-fetch.ts';
import { selectIntoInLoop } from './select-into-in-loop.ts';
import { standaloneCallInLoop } from './standalone-call-in-loop.ts';
import { utlFileSmallBuffer } from './utl-file-small-buffer.ts';
import { hiddenSqlInLoop } from './hidden-sql-in-loop.ts';
import { autonomousCallInLoop } from './autonomous-call-in-loop.ts';
import { selectFromDual } from './select-from-dual.ts';
import { plsqlFunctionInSql } from './plsql-function-in-sql.ts';
import { dynamicSqlConcatenation } from './dynamic-sql-concatenation.ts';
import { dynamicSqlInLoop } from './dynamic-sql-in-loop.ts';
import { countForExistence } from './count-for-existence.ts';
import { lobConcatenationInLoop } from './lob-concatenation-in-loop.ts';
import { utlFileOpenInLoop } from './utl-file-open-in-loop.ts';
import { utlFileFlushInLoop } from './utl-file-flush-in-loop.ts';
import { optimizerLevelLowered } from './optimizer-level-lowered.ts';
import { profilerLeftInCode } from './profiler-left-in-code.ts';
import { outputInLoop } from './output-in-loop.ts';
import { collectionExtendInLoop } from './collection-extend-in-loop.ts';
import { missingNocopy } from './missing-nocopy.ts';
import { functionWrappedColumnPredicate } from './function-wrapped-column-predicate.ts';
import { numberArithmeticInLoop } from './number-arithmetic-in-loop.ts';
import { loopInvariantCall } from './loop-invariant-call.ts';
import { docPathOf, type Rule, type RuleMeta } from './rule.ts';

export type { RuleMeta } from './rule.ts';

/** The performance rules, in the order their findings are documented. */
export const PERFORMANCE_RULES: readonly Rule[] = [
  standaloneCallInLoop,
  exceptionHandlerInLoop,
  utlFileSmallBuffer,
  planStatisticsInCode,
  dmlInLoop,
  selectIntoInLoop,
  rowByRowFetch,
  bulkCollectWithoutLimit,
  commitInLoop,
  nestedCursorLoop,
  hiddenSqlInLoop,
  autonomousCallInLoop,
  selectFromDual,
  plsqlFunctionInSql,
  dynamicSqlConcatenation,
  dynamicSqlInLoop,
  countForExistence,
  lobConcatenationInLoop,
  utlFileOpenInLoop,
  utlFileFlushInLoop,
  optimizerLevelLowered,
  profilerLeftInCode,
  outputInLoop,
  collectionExtendInLoop,
  missingNocopy,
  functionWrappedColumnPredicate,
  numberArithmeticInLoop,
  loopInvariantCall,
];

/** Findings the analyzer itself produces, not a performance rule. */
export const BUILTIN_RULES: readonly RuleMeta[] = [
  {
    id: 'syntax-error',
    defaultSeverity: 'error',
    status: 'stable',
    summary: 'The code does not parse as PL/SQL or a SQL*Plus script.',
    remedy: 'Fix the syntax; the rules cannot see into a unit the parser had to recover.',
    fixKind: 'none',
    docPath: docPathOf('syntax-error'),
  },
  {
    id: 'wrapped-unit',
    defaultSeverity: 'info',
    status: 'stable',
    summary: 'Wrapped (obfuscated) PL/SQL unit: its body cannot be analyzed.',
    remedy: 'Check the unwrapped source instead.',
    fixKind: 'none',
    docPath: docPathOf('wrapped-unit'),
  },
  {
    id: 'internal-error',
    defaultSeverity: 'error',
    status: 'stable',
    summary: 'A rule failed on this file; the other rules\' findings are still reported.',
    remedy: 'Report the message and the file to the plsql-perf maintainers.',
    fixKind: 'none',
    docPath: docPathOf('internal-error'),
  },
];

export const RULES: readonly RuleMeta[] = [...PERFORMANCE_RULES.map((r) => r.meta), ...BUILTIN_RULES];

const byId = new Map(RULES.map((r) => [r.id, r]));

export function ruleMeta(id: string): RuleMeta | undefined {
  return byId.get(id);
}
