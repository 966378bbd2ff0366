/**
 * An error inside one statement yields exactly one error, on that statement, and the parser resumes at the next
 * statement: one case per statement kind (and declarations), each followed by `y := 1;` and a call that must
 * still be in the model.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseScript } from '../../server/src/syntax/parseScript.ts';

/** Broken statements, each on one line (line 3 of the block below). */
const brokenStatements: Record<string, string> = {
  'assignment': 'x := ;',
  'call': 'log_it(1, ;',
  'if (condition)': 'if x > then null; end if;',
  'if (body)': 'if x > 1 then y := * 2; end if;',
  'case': 'case when then null; end case;',
  'loop (for)': 'for i in 1.. loop null; end loop;',
  'loop (while)': 'while loop null; end loop;',
  'loop (cursor for)': 'for r in (select from t) loop null; end loop;',
  'forall': 'forall i in 1..n insert into t values (;',
  'exit': 'exit when ;',
  'return': 'return + ;',
  'raise': 'raise 1;',
  'goto': 'goto ;',
  'open for': 'open c for ;',
  'fetch': 'fetch c into ;',
  'close': 'close ;',
  'execute immediate': 'execute immediate ;',
  'select into': 'select a into b from ;',
  'insert': 'insert into t values (1,;',
  'update': 'update t set a = where 1 = 1;',
  'delete': 'delete from t where ;',
  'merge': 'merge into t using s on ( when matched then update set a = 1;',
  'savepoint': 'savepoint ;',
  'pipe row': 'pipe row (;',
  'nested block': 'begin x := ; end;',
};

function block(statement: string): string {
  return `create or replace procedure p is\nbegin\n  ${statement}\n  y := 1;\n  after_error(y);\nend;\n/\n`;
}

/** Every call name anywhere in a model (a generic walk: the test must not depend on the node layout). */
function callNames(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) callNames(n, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.kind === 'call' && typeof o.name === 'string') out.push(o.name);
    for (const [key, value] of Object.entries(o)) if (key !== 'range' && key !== 'nameRange') callNames(value, out);
  }
  return out;
}

function assertOneErrorThenResumes(text: string, errorLine: number, callAfter: string): void {
  const script = parseScript(text, { unitCache: false });
  const errors = script.syntaxErrors.map((e) => `${e.line}:${e.column} ${e.message}`);
  assert.equal(errors.length, 1, `expected one error, got ${JSON.stringify(errors)}`);
  assert.equal(script.syntaxErrors[0]!.line, errorLine, errors[0]);
  assert.ok(callNames(script.units).includes(callAfter), `the statement after the error is in the model (${callAfter})`);
}

for (const [kind, statement] of Object.entries(brokenStatements)) {
  test(`recovery: a broken ${kind} statement is one error, the next statement parses`, () => {
    assertOneErrorThenResumes(block(statement), 3, 'AFTER_ERROR');
  });
}

test('recovery: x := ; followed by y := 1; does not report line 2', () => {
  const script = parseScript('begin\n  x := ;\n  y := 1;\nend;\n/\n', { unitCache: false });
  assert.deepEqual(script.syntaxErrors.map((e) => e.line), [2]);
});

test('recovery: a missing ; at the end of a line ends that statement; the next line is the next statement', () => {
  // the error is the unfinished statement's (line 3), not the next one's
  assertOneErrorThenResumes(block('x := 1'), 3, 'AFTER_ERROR');
});

test('recovery: two broken statements give two errors, one each', () => {
  const script = parseScript('begin\n  x := ;\n  y := 1;\n  z := * 3;\n  after_error;\nend;\n/\n', { unitCache: false });
  assert.deepEqual(script.syntaxErrors.map((e) => e.line), [2, 4]);
  assert.ok(callNames(script.units).includes('AFTER_ERROR'));
});

test('recovery: broken declarations are one error each, the block still parses', () => {
  const text = `declare\n  v number := ;\n  cursor c is select from t;\n  type t_tab is table of ;\n  w number := 1;\nbegin\n  after_error(w);\nend;\n/\n`;
  const script = parseScript(text, { unitCache: false });
  assert.deepEqual(script.syntaxErrors.map((e) => e.line), [2, 3, 4]);
  assert.ok(callNames(script.units).includes('AFTER_ERROR'));
});

test('recovery: an error in a procedure of a package body stays in that statement', () => {
  const text = `create or replace package body pkg as\n  procedure a is\n  begin\n    if x then\n      y := ;\n    end if;\n    after_error;\n  end;\n  procedure b is\n  begin\n    in_b;\n  end;\nend;\n/\n`;
  const script = parseScript(text, { unitCache: false });
  assert.deepEqual(script.syntaxErrors.map((e) => e.line), [5]);
  const calls = callNames(script.units);
  assert.ok(calls.includes('AFTER_ERROR') && calls.includes('IN_B'), JSON.stringify(calls));
});
