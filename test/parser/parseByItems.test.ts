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

test('an IF typed without its END IF yet: the error stays in its procedure, the procedures after it still parse', () => {
  const text = [
    'create or replace package body p as',
    '  procedure a is',
    '  begin',
    '    if x then',
    '    null;',
    '  end;',
    '  procedure b is begin null; end;',
    '  function c return number is begin return 1; end;',
    'end;',
  ].join('\n');
  const parsed = parseScript(text, { unitCache: false });
  assert.deepEqual([...new Set(parsed.syntaxErrors.map((e) => e.line))], [6]);
  const unit = parsed.units[0]!.views[0]![0]!;
  assert.deepEqual(unit.subprograms.map((s) => s.name), ['A', 'B', 'C']);
});

test('a failed item is not cut at a nested subprogram (deeper than the item)', () => {
  const nested = [
    'create or replace package body p as',
    '  procedure a is',
    '    procedure helper is begin null; end;',
    '  begin',
    '    if x then',
    '    helper;',
    '  end;',
    'end;',
  ].join('\n');
  const parsed = parseScript(nested, { unitCache: false });
  assert.ok(parsed.syntaxErrors.length > 0);
  assert.deepEqual(parsed.units[0]!.views[0]![0]!.subprograms.map((s) => s.name), ['A']);
});
