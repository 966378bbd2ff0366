import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCounters, parseScript } from '../../server/src/syntax/parseScript.ts';

// A package body with conditional compilation in procedure a and procedures b, c, d without directives.
function body(brokenProcedure: 'b' | 'd'): string {
  const procedure = (name: string) =>
    name === brokenProcedure ? `  procedure ${name} is begin x := ; end;` : `  procedure ${name} is begin null; end;`;
  return [
    'create or replace package body p as',
    '  procedure a is begin $if $$debug $then log_it; $else null; $end end;',
    procedure('b'),
    procedure('c'),
    procedure('d'),
    'end;',
  ].join('\n');
}

function wholeBodyReparses(text: string): { errorLines: number[]; reparses: number } {
  const before = parseCounters.wholeBodyReparses;
  const parsed = parseScript(text, { unitCache: false });
  return { errorLines: parsed.syntaxErrors.map((e) => e.line), reparses: parseCounters.wholeBodyReparses - before };
}

test('an error away from the directives of a body stays in its item: the body is not parsed again whole', () => {
  assert.deepEqual(wholeBodyReparses(body('d')), { errorLines: [5], reparses: 0 });
});

test('an error next to an item with directives may be the split\'s: the body is parsed again whole', () => {
  assert.deepEqual(wholeBodyReparses(body('b')), { errorLines: [3], reparses: 1 });
});
