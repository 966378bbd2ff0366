/**
 * A NUMBER (or INTEGER) counter stepped by an integer inside a loop (preview, info): `n := n + 1` with `n NUMBER`.
 * NUMBER arithmetic runs in library code (Oracle: "PLS_INTEGER operations use hardware arithmetic, so they are
 * faster than NUMBER operations, which use library arithmetic"); a counter that only holds integers can be
 * PLS_INTEGER or SIMPLE_INTEGER. Accumulators of amounts are not reported: they may need decimals.
 */
import type { SourceRange } from '../../syntax/finding.ts';
import type { LoopInfo } from '../semantic/walk.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'number-arithmetic-in-loop';
const NUMBER_TYPE = /^\s*(NUMBER|INTEGER|INT|NUMERIC|DECIMAL|SMALLINT)\b(\s*\(\s*\d+\s*\))?\s*(:=|DEFAULT|NOT\s+NULL|$)/i;

export const numberArithmeticInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'preview',
    summary: 'A NUMBER counter stepped by an integer inside a loop (n := n + 1): library arithmetic where PLS_INTEGER uses the hardware.',
    remedy: 'Declare integer counters PLS_INTEGER (or SIMPLE_INTEGER when they are never NULL and cannot overflow).',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const seen = new Map<string, { name: string; type: string; range: SourceRange; loop: LoopInfo }>();
    return {
      statement(statement, position) {
        const loop = position.loop;
        if (!loop || statement.statementKind !== 'assignment' || !statement.target || !/^[A-Za-z][\w$#]*$/.test(statement.target)) return;
        const name = statement.target;
        const found = position.scope.lookup(name.toUpperCase());
        const declaration = found?.symbol.declaration;
        const type = declaration?.typeText;
        if (!type || !NUMBER_TYPE.test(type)) return;
        const value = context.textIn(statement.range).replace(/^[^:]*:=/, '').replace(/;\s*$/, '').trim();
        const escaped = name.replace(/[$#]/g, '\\$&');
        if (!new RegExp(`^${escaped}\\s*[-+]\\s*\\d+$|^\\d+\\s*\\+\\s*${escaped}$`, 'i').test(value)) return;
        const key = `${loop.statement.range.line}:${loop.statement.range.column}:${name.toUpperCase()}`;
        if (!seen.has(key)) seen.set(key, { name, type: type.trim().split(/[\s(:]/)[0]!.toUpperCase(), range: statement.range, loop });
      },
      finish() {
        for (const { name, type, range, loop } of seen.values()) {
          context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.column + name.length },
            `${name} is ${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type} counter stepped ${loop.estimate.text}: NUMBER arithmetic runs in library code. Declare it PLS_INTEGER (or SIMPLE_INTEGER).`, { severity: 'info' });
        }
      },
    };
  },
};
