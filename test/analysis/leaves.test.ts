/**
 * leaves.ts directly: where control goes after a statement list in each mode (every path must leave the mode's
 * way), and the remembered always-raises verdicts (each callee a verdict read, and each target that found none,
 * checked again before the verdict is used). Written for the survivors of mutation round 12
 * (test/rules/mutation-round12-mleaves.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { alwaysLeaves, leavingFrom, RAISING_BUILTINS, subprogramAlwaysRaises, type LeaveMode } from '../../server/src/analysis/semantic/leaves.ts';
import type { StatementNode, SubprogramNode } from '../../server/src/syntax/model/nodes.ts';

/** The statements of a loop's body, written inside `<<own>> loop ... end loop`. */
function loopBody(text: string): StatementNode[] {
  const script = parseScript(`create or replace procedure t is\nbegin\n  <<own>>\n  loop\n${text}\n  end loop;\nend;\n/\n`, { unitCache: false });
  const loop = script.units[0]!.views[0]![0]!.body!.statements[0]!;
  assert.equal(loop.statementKind, 'loop');
  return (loop as { statements: StatementNode[] }).statements;
}

const builtin = (s: { target?: string }) => RAISING_BUILTINS.has(s.target ?? '');
const from = (text: string, mode: LeaveMode = 'loop') => leavingFrom(loopBody(text), mode, builtin, ['OWN']);
const leaves = (text: string, mode: LeaveMode = 'loop') => alwaysLeaves(loopBody(text), mode, builtin, ['OWN']);

test('leaves: the statements that leave, by mode', () => {
  assert.equal(leaves('return;', 'raise'), false, 'RETURN does not raise');
  assert.equal(leaves('return;', 'loop'), true);
  assert.equal(leaves('exit when x > 1;'), false, 'a conditional EXIT may stay');
  assert.equal(leaves('exit;'), true);
  assert.equal(leaves('continue;'), false, 'the next iteration');
  assert.equal(leaves('continue own;'), false, 'CONTINUE of the innermost loop: its next iteration');
  assert.equal(leaves('continue OWN;'), false, 'the label as written, in any case');
  assert.equal(leaves('continue outer;'), true, 'CONTINUE of an outer loop leaves the innermost one');
  assert.equal(leaves('continue outer;', 'loop-caught'), true);
  assert.equal(leaves('continue outer;', 'raise'), false);
  assert.equal(leaves('continue outer when x > 1;'), false);
  assert.equal(leaves("raise_application_error(-20001, 'x');", 'loop-caught'), false, 'a caught raise stays');
  assert.equal(leaves("raise_application_error(-20001, 'x');", 'loop'), true);
  assert.equal(leaves('begin\n raise e;\n end;', 'loop'), true, 'a block whose body leaves, without handlers');
  assert.equal(leaves('begin\n raise e;\n exception when others then null;\n end;', 'loop'), false, 'a handler that stays');
  assert.equal(leaves('if x > 1 then raise e; else exit; end if;'), true);
});

test('leaves: a quoted label names exactly what it quotes', () => {
  const body = loopBody('continue "Own";');
  assert.equal(alwaysLeaves(body, 'loop', builtin, ['Own']), false, '"Own" names the loop <<"Own">>');
  assert.equal(alwaysLeaves(body, 'loop', builtin, ['OWN']), true, '"Own" is not the loop <<own>>');
});

test('leaves: a statement before the leaving one that may go elsewhere keeps itself and those before it', () => {
  // 'raise' mode: a RETURN goes elsewhere, even in an inner block, an inner loop or a handler
  assert.equal(from('if x > 1 then return; end if;\nraise e;', 'raise'), 1);
  assert.equal(from('null;\nbegin\n null;\n if x > 1 then return; end if;\n end;\nraise e;', 'raise'), 2);
  assert.equal(from('begin\n null;\n exception when others then return;\n end;\nraise e;', 'raise'), 1, 'the handler returns');
  assert.equal(from('begin\n null;\n exception when others then null;\n end;\nraise e;', 'raise'), 0);
  assert.equal(from('for i in 1 .. 2 loop\n null;\n if x > i then return; end if;\n end loop;\nraise e;', 'raise'), 1);
  assert.equal(from('for i in 1 .. 2 loop\n continue;\n end loop;\nraise e;', 'raise'), 0, 'the inner loop\'s CONTINUE');
  // the loop modes: RETURN and RAISE leave; a CONTINUE of this loop, or GOTO, does not
  assert.equal(from('if x > 1 then return; end if;\nexit;'), 0);
  assert.equal(from('if x > 1 then raise e; end if;\nexit;'), 0);
  assert.equal(from("if x > 1 then raise_application_error(-20001, 'x'); end if;\nexit;"), 0);
  assert.equal(from('if x > 1 then raise e; end if;\nreturn;', 'loop-caught'), 1, 'the handler catches it and stays');
  assert.equal(from("if x > 1 then raise_application_error(-20001, 'x'); end if;\nreturn;", 'loop-caught'), 1);
  assert.equal(from('if x > 1 then p(1); end if;\nreturn;', 'loop-caught'), 0, 'a call that does not raise');
  assert.equal(from('if x > 1 then goto done; end if;\nexit;\n<<done>>\nnull;'), 1);
  assert.equal(from('null;\nif x > 1 then null; continue; end if;\nnull;\nexit;'), 2);
  assert.equal(from('if x > 1 then null; else continue; end if;\nexit;'), 1, 'any branch');
  assert.equal(from('case when x > 1 then continue own; else null; end case;\nexit;'), 1);
  assert.equal(from('if x > 1 then continue outer; end if;\nexit;'), 0, 'CONTINUE of an outer loop leaves too');
  assert.equal(from('continue when x > 1;\nexit;'), 1);
  // inner loops: their own EXIT and CONTINUE stay inside them; a CONTINUE of this loop from inside one does not
  assert.equal(from('for i in 1 .. 2 loop\n continue when i = 1;\n end loop;\nexit;'), 0);
  assert.equal(from('<<inner>>\nfor i in 1 .. 2 loop\n for j in 1 .. 2 loop\n continue inner;\n end loop;\n end loop;\nexit;'), 0);
  assert.equal(from('<<own>>\nfor i in 1 .. 2 loop\n continue own;\n end loop;\nexit;'), 0, 'the inner label hides the outer one');
  assert.equal(from('for i in 1 .. 2 loop\n null;\n continue own;\n end loop;\nexit;'), 1);
  assert.equal(from('null;\nnull;'), -1, 'nothing leaves');
});

/** The subprograms of a package body by name, and the sibling lookup the analyzer gives the verdicts. */
function packageBody(text: string): { sub: (name: string) => SubprogramNode; sibling: (name: string) => SubprogramNode | undefined } {
  const script = parseScript(`create or replace package body k as\n${text}\nend k;\n/\n`, { unitCache: false });
  const subs = script.units[0]!.views[0]![0]!.subprograms;
  const byName = (name: string) => subs.find((s) => s.name === name.toUpperCase());
  return { sub: (name) => byName(name)!, sibling: byName };
}

const RAISES = "raise_application_error(-20001, 'x');";

test('always raises: functions, recursion, a RETURN before the raise', () => {
  const { sub, sibling } = packageBody(`function f return number is begin ${RAISES} end;
procedure self is begin self; end;
procedure a is begin b; end;
procedure b is begin a; end;
procedure check_ok(x boolean) is begin if x then return; end if; ${RAISES} end;
procedure fail is begin if 1 = 2 then ${RAISES} end if; ${RAISES} end;`);
  assert.equal(subprogramAlwaysRaises(sub('f'), sibling), false, 'a function is not called as a statement');
  assert.equal(subprogramAlwaysRaises(sub('self'), sibling), false, 'recursion');
  assert.equal(subprogramAlwaysRaises(sub('a'), sibling), false, 'mutual recursion');
  assert.equal(subprogramAlwaysRaises(sub('check_ok'), sibling), false);
  assert.equal(subprogramAlwaysRaises(sub('fail'), sibling), true);
});

test('always raises: a remembered verdict follows a callee two calls away, and each of several callees', () => {
  const { sub: first } = packageBody(`procedure p1 is begin p2; end;
procedure p2 is begin p3; end;
procedure p3 is begin null; end;
procedure q1 is begin q2; q3; end;
procedure q2 is begin null; end;
procedure q3 is begin null; end;`);
  const { sub: second } = packageBody(`procedure p3 is begin ${RAISES} end;\nprocedure q3 is begin ${RAISES} end;`);
  // the editor keeps p1, p2, q1 and q2 and gives a new p3 and q3
  let edited = false;
  const sibling = (name: string) => (edited && ['P3', 'Q3'].includes(name.toUpperCase()) ? second(name) : first(name));
  assert.equal(subprogramAlwaysRaises(first('p1'), sibling), false);
  assert.equal(subprogramAlwaysRaises(first('q1'), sibling), false);
  edited = true;
  assert.equal(subprogramAlwaysRaises(first('p1'), sibling), true, 'p2 is the same node, its verdict is not');
  assert.equal(subprogramAlwaysRaises(first('q1'), sibling), true, 'q2 still holds, q3 does not');
});
