/**
 * A NUMBER (or INTEGER) counter stepped by an integer inside a loop (preview, info): `n := n + 1` with `n NUMBER`.
 * NUMBER arithmetic runs in library code (Oracle: "PLS_INTEGER operations use hardware arithmetic, so they are
 * faster than NUMBER operations, which use library arithmetic"); a counter that only holds integers can be
 * PLS_INTEGER or SIMPLE_INTEGER. Accumulators of amounts are not reported: they may need decimals.
 * The counter is a local, a package variable (of the body or of a specification in the workspace) or an OUT /
 * IN OUT parameter, declared NUMBER directly or through a SUBTYPE or a %TYPE the workspace shows (of a variable, or
 * of a column whose CREATE TABLE it holds). A parameter keeps
 * its type (the signature is the callers' too): the fix is a PLS_INTEGER local added to it after the loop.
 */
import type { SourceRange } from '../../syntax/finding.ts';
import type { LoopInfo } from '../semantic/walk.ts';
import { docPathOf, type Rule } from './rule.ts';
import { targetVariable, type TargetVariable } from './support/declaredTypes.ts';

const id = 'number-arithmetic-in-loop';
// NUMBER and its subtypes without decimals: a precision alone or a scale of 0 (FLOAT, REAL and DOUBLE PRECISION
// are NUMBERs with a binary precision)
const NUMBER_TYPE = /^\s*(NUMBER|INTEGER|INT|NUMERIC|DECIMAL|DEC|SMALLINT|FLOAT|REAL|DOUBLE\s+PRECISION)\b(\s*\(\s*(\d+\s*(,\s*0\s*)?|\*\s*,\s*0\s*)\))?\s*(:=|DEFAULT|NOT\s+NULL|$)/i;
/** A variable's name, or a package variable's qualified by its package. */
const PLAIN_TARGET = /^[A-Za-z][\w$#]*(\s*\.\s*[A-Za-z][\w$#]*)?$/;

/** What to do, by where the counter is declared. */
function remedyFor(name: string, variable: TargetVariable): string {
  if (variable.where === 'parameter') return `Count in a PLS_INTEGER local and add it to ${name} after the loop (the parameter's type is its callers' too).`;
  if (variable.where === 'package') return `Declare it PLS_INTEGER (or SIMPLE_INTEGER) in package ${variable.pkg ?? ''}`.trimEnd() + '.';
  return 'Declare it PLS_INTEGER (or SIMPLE_INTEGER).';
}

function kindOf(variable: TargetVariable): string {
  if (variable.where === 'parameter') return `${variable.mode?.toUpperCase() ?? ''} parameter`;
  return variable.where === 'package' ? 'package variable' : 'counter';
}

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
    const seen = new Map<string, { name: string; type: string; variable: TargetVariable; range: SourceRange; loop: LoopInfo }>();
    return {
      statement(statement, position) {
        const loop = position.loop;
        if (!loop || statement.statementKind !== 'assignment' || !statement.target || !PLAIN_TARGET.test(statement.target)) return;
        const name = statement.target;
        const variable = targetVariable(name, position.scope, (n) => context.definitions(n), (t, c) => context.columnTypeOf(t, c));
        // the whole variable, not a field or an element of it (their type is the record's or collection's)
        if (!variable || variable.type !== variable.declared || (variable.where === 'parameter' && variable.mode === 'in')) return;
        // a package variable qualified by another package's name is that package's to change
        if (name.includes('.') && variable.pkg !== position.scope.enclosingPackage) return;
        const type = variable.type.text;
        if (!NUMBER_TYPE.test(type)) return;
        const value = context.textIn(statement.range).replace(/^[^:]*:=/, '').replace(/;\s*$/, '').trim();
        const escaped = name.replace(/[$#]/g, '\\$&').replace(/\s*\.\s*/, '\\s*\\.\\s*');
        if (!new RegExp(`^${escaped}\\s*[-+]\\s*\\d+$|^\\d+\\s*\\+\\s*${escaped}$`, 'i').test(value)) return;
        const key = `${loop.statement.range.line}:${loop.statement.range.column}:${name.toUpperCase().replace(/\s+/g, '')}`;
        const shown = type.trim().split(/[(:]|\s(?!PRECISION)/i)[0]!.toUpperCase();
        if (!seen.has(key)) seen.set(key, { name, type: shown, variable, range: statement.range, loop });
      },
      finish() {
        for (const { name, type, variable, range, loop } of seen.values()) {
          const through = variable.declared.steps.length > 0 ? ` (${variable.declared.steps.join(', ')})` : '';
          context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.column + name.length },
            `${name} is ${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}${through} ${kindOf(variable)} stepped ${loop.estimate.text}: NUMBER arithmetic runs in library code. ${remedyFor(name, variable)}`, { severity: 'info' });
        }
      },
    };
  },
};
