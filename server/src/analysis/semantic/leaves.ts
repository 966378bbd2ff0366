/**
 * Where control goes after a statement list: whether it always leaves the innermost loop (RAISE, RETURN, an
 * unconditional EXIT, a call that always raises), and whether a subprogram always raises (an assertion or
 * error-package helper whose every path ends in RAISE or RAISE_APPLICATION_ERROR). Code on such a path runs at
 * most once per run of the loop, not once per iteration.
 */
import type { BlockNode, SimpleStatementNode, StatementNode, SubprogramNode } from '../../syntax/model/nodes.ts';

/** Whether a call statement always raises (RAISE_APPLICATION_ERROR, or a subprogram that always raises). */
export type RaisingCall = (statement: SimpleStatementNode) => boolean;

export const RAISING_BUILTINS = new Set(['RAISE_APPLICATION_ERROR', 'SYS.RAISE_APPLICATION_ERROR', 'DBMS_STANDARD.RAISE_APPLICATION_ERROR', 'SYS.DBMS_STANDARD.RAISE_APPLICATION_ERROR']);

/**
 * 'loop': leaves the innermost loop by any means; 'loop-caught': the same inside a block of the loop whose
 * handler catches a raise and stays in the loop, so only RETURN and EXIT count; 'raise': ends by raising.
 */
export type LeaveMode = 'loop' | 'loop-caught' | 'raise';

export const builtinRaisingCall: RaisingCall = (statement) => RAISING_BUILTINS.has(statement.target ?? '');

/**
 * Whether running the statements always ends with control leaving: in 'loop' mode by RAISE, a raising call,
 * RETURN or an EXIT without WHEN (an unlabelled one leaves the innermost loop, which holds the code; a labelled
 * one that loop or an outer one); in 'raise' mode only by raising. Any statement of the list that always
 * leaves makes the rest dead code (`raise_application_error(...); log(...)`). An IF or CASE leaves only when
 * it has an ELSE and every branch leaves; a block when its body and every handler leave. GOTO is not followed.
 */
export function alwaysLeaves(statements: readonly StatementNode[], mode: LeaveMode, raisingCall: RaisingCall): boolean {
  for (const statement of statements) if (statementLeaves(statement, mode, raisingCall)) return true;
  return false;
}

function statementLeaves(statement: StatementNode, mode: LeaveMode, raisingCall: RaisingCall): boolean {
  switch (statement.statementKind) {
    case 'raise':
      return mode !== 'loop-caught';
    case 'return':
      return mode !== 'raise';
    case 'exit':
      return mode !== 'raise' && !statement.conditional;
    case 'call':
      return mode !== 'loop-caught' && raisingCall(statement);
    case 'if':
    case 'case':
      return statement.branches.some((b) => b.condition === undefined) && statement.branches.every((b) => alwaysLeaves(b.statements, mode, raisingCall));
    case 'block':
      return blockLeaves(statement.block, mode, raisingCall);
    default:
      return false;
  }
}

function blockLeaves(block: BlockNode, mode: LeaveMode, raisingCall: RaisingCall): boolean {
  return alwaysLeaves(block.statements, mode, raisingCall) && block.exceptionHandlers.every((h) => alwaysLeaves(h.statements, mode, raisingCall));
}

/** A verdict and the callees it read: each call's target as written, the subprogram it found then, and that one's verdict. */
interface Verdict {
  raises: boolean;
  callees: { target: string; callee: SubprogramNode; raises: boolean }[];
}

const verdicts = new WeakMap<SubprogramNode, Verdict>();
/** Subprograms whose verdict is being decided or checked: a call back to one of them counts as what it has so far. */
const underway = new Set<SubprogramNode>();

/**
 * Whether a procedure always raises: its body's every path ends in RAISE, RAISE_APPLICATION_ERROR or a call
 * to another always-raising procedure it can see (`sibling` finds, by the name as written, subprograms of
 * the same package or declaration list), and every handler of its body raises again. Functions are left out (a function that
 * always raises is not called as a statement). Recursion counts as not raising.
 *
 * Remembered per subprogram with the callees it read: the editor keeps the nodes of unchanged package items
 * across edits, so `p1` (whose body is `p2;`) is the same node after an edit of `p2` alone. A remembered verdict
 * is used only while each callee it read is still what its target finds and still gives the same verdict.
 */
export function subprogramAlwaysRaises(sub: SubprogramNode, sibling: (name: string) => SubprogramNode | undefined): boolean {
  const known = verdicts.get(sub);
  if (known !== undefined && (underway.has(sub) || stillHolds(sub, known, sibling))) return known.raises;
  if (sub.subprogramKind !== 'procedure' || !sub.body) {
    verdicts.set(sub, { raises: false, callees: [] });
    return false;
  }
  const body = sub.body;
  const deciding: Verdict = { raises: false, callees: [] }; // while deciding: a recursive call does not count
  verdicts.set(sub, deciding);
  return whileUnderway(sub, () => {
    const ownNested = new Map(sub.subprograms.map((s) => [s.name, s]));
    const raisingCall: RaisingCall = (statement) => {
      const target = statement.target ?? '';
      if (RAISING_BUILTINS.has(target)) return true;
      const callee = ownNested.get(target) ?? sibling(target);
      if (callee === undefined || callee === sub) return false;
      const raises = subprogramAlwaysRaises(callee, sibling);
      deciding.callees.push({ target, callee, raises });
      return raises;
    };
    deciding.raises = blockLeaves(body, 'raise', raisingCall);
    return deciding.raises;
  });
}

/** Whether every callee a remembered verdict read is still found by its target and still gives the same verdict. */
function stillHolds(sub: SubprogramNode, verdict: Verdict, sibling: (name: string) => SubprogramNode | undefined): boolean {
  if (verdict.callees.length === 0) return true;
  return whileUnderway(sub, () => {
    const ownNested = new Map(sub.subprograms.map((s) => [s.name, s]));
    return verdict.callees.every(({ target, callee, raises }) =>
      (ownNested.get(target) ?? sibling(target)) === callee && subprogramAlwaysRaises(callee, sibling) === raises);
  });
}

function whileUnderway<T>(sub: SubprogramNode, work: () => T): T {
  underway.add(sub);
  try {
    return work();
  } finally {
    underway.delete(sub);
  }
}
