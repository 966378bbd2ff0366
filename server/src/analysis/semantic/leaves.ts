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

/**
 * Whether running the statements always ends with control leaving: in 'loop' mode by RAISE, a raising call,
 * RETURN, an EXIT without WHEN (an unlabelled one leaves the innermost loop, which holds the code; a labelled
 * one that loop or an outer one) or a CONTINUE without WHEN of an outer loop; in 'raise' mode only by raising.
 * Any statement of the list that always leaves makes the rest dead code (`raise_application_error(...);
 * log(...)`). An IF or CASE leaves only when it has an ELSE and every branch leaves; a block when its body and
 * every handler leave. Every path must leave that way: a statement before the leaving one that may go elsewhere
 * (`IF b THEN RETURN; END IF; RAISE ...` in 'raise' mode) makes it not always (`mayGoElsewhere`).
 * `loopLabels` are the labels of the innermost loop (a CONTINUE naming it goes to its next iteration).
 */
export function alwaysLeaves(statements: readonly StatementNode[], mode: LeaveMode, raisingCall: RaisingCall, loopLabels: readonly string[]): boolean {
  return leavingFrom(statements, mode, raisingCall, loopLabels) === 0;
}

/**
 * Where the statements' always-leaving end starts: the index of the first statement from which every path
 * leaves the mode's way (the list's length counts: nothing of it stays), -1 when no statement always leaves.
 * The statements before it (up to the last that may go elsewhere) stay: `INSERT ...; IF skip THEN CONTINUE;
 * END IF; EXIT;` runs its INSERT per iteration while `skip`; `IF bad THEN RAISE ...; END IF; INSERT ...;
 * EXIT;` in 'loop-caught' mode only once.
 */
export function leavingFrom(statements: readonly StatementNode[], mode: LeaveMode, raisingCall: RaisingCall, loopLabels: readonly string[]): number {
  // first the leaving statement (most lists have none: then nothing else is read), then the paths before it
  const leaving = statements.findIndex((s) => statementLeaves(s, mode, raisingCall, loopLabels));
  if (leaving < 0) return -1;
  const away: Away = { mode, raisingCall, loopLabels, innerLabels: [], inLoop: false };
  for (let i = leaving - 1; i >= 0; i--) if (mayGoElsewhere(statements[i]!, away)) return i + 1;
  return 0;
}

function statementLeaves(statement: StatementNode, mode: LeaveMode, raisingCall: RaisingCall, loopLabels: readonly string[]): boolean {
  switch (statement.statementKind) {
    case 'raise':
      return mode !== 'loop-caught';
    case 'return':
      return mode !== 'raise';
    case 'exit':
      return mode !== 'raise' && !statement.conditional;
    case 'continue':
      return mode !== 'raise' && !statement.conditional && statement.target !== undefined && !namesLabel(statement.target, loopLabels);
    case 'call':
      return mode !== 'loop-caught' && raisingCall(statement);
    case 'if':
    case 'case':
      return statement.branches.some((b) => b.condition === undefined) && statement.branches.every((b) => alwaysLeaves(b.statements, mode, raisingCall, loopLabels));
    case 'block':
      return blockLeaves(statement.block, mode, raisingCall, loopLabels);
    default:
      return false;
  }
}

function blockLeaves(block: BlockNode, mode: LeaveMode, raisingCall: RaisingCall, loopLabels: readonly string[]): boolean {
  return alwaysLeaves(block.statements, mode, raisingCall, loopLabels) && block.exceptionHandlers.every((h) => alwaysLeaves(h.statements, mode, raisingCall, loopLabels));
}

/** What `mayGoElsewhere` looks for, and the loops inside the list it is in (their EXIT and CONTINUE stay inside). */
interface Away {
  mode: LeaveMode;
  raisingCall: RaisingCall;
  loopLabels: readonly string[];
  innerLabels: readonly string[];
  inLoop: boolean;
}

/**
 * Whether a statement (anything nested in it) may send control out of the list other than the mode's way: GOTO
 * (not followed); in 'raise' mode RETURN; in the loop modes a CONTINUE of the innermost loop (its next
 * iteration); in 'loop-caught' mode RAISE or a raising call (the handler catches it and stays in the loop).
 */
function mayGoElsewhere(statement: StatementNode, away: Away): boolean {
  switch (statement.statementKind) {
    case 'goto':
      return true;
    case 'return':
      return away.mode === 'raise';
    case 'raise':
      return away.mode === 'loop-caught';
    case 'call':
      return away.mode === 'loop-caught' && away.raisingCall(statement);
    case 'continue':
      // an unlabelled one, or one naming a loop inside the list, stays inside that loop ('raise' mode: every
      // CONTINUE of a subprogram's body is inside a loop of it)
      if (statement.target === undefined) return !away.inLoop;
      return !namesLabel(statement.target, away.innerLabels) && namesLabel(statement.target, away.loopLabels);
    case 'if':
    case 'case':
      return statement.branches.some((b) => b.statements.some((s) => mayGoElsewhere(s, away)));
    case 'block':
      return [statement.block.statements, ...statement.block.exceptionHandlers.map((h) => h.statements)].some((list) => list.some((s) => mayGoElsewhere(s, away)));
    case 'loop': {
      const inside: Away = { ...away, innerLabels: [...away.innerLabels, ...statement.labels], inLoop: true };
      return statement.statements.some((s) => mayGoElsewhere(s, inside));
    }
    default:
      return false;
  }
}

/** Whether an EXIT or CONTINUE target as written names one of the labels (normalised like every name of the model). */
function namesLabel(target: string, labels: readonly string[]): boolean {
  const name = target.startsWith('"') && target.endsWith('"') && target.length >= 2 ? target.slice(1, -1) : target.toUpperCase();
  return labels.includes(name);
}

/**
 * A verdict and the callees it read: each call's target as written, the subprogram it found then (undefined when
 * it found none: a `p2` not written yet) and that one's verdict.
 */
interface Verdict {
  raises: boolean;
  callees: { target: string; callee: SubprogramNode | undefined; raises: boolean }[];
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
      if (callee === sub) return false;
      if (callee === undefined) {
        deciding.callees.push({ target, callee, raises: false });
        return false;
      }
      const raises = subprogramAlwaysRaises(callee, sibling);
      deciding.callees.push({ target, callee, raises });
      return raises;
    };
    deciding.raises = blockLeaves(body, 'raise', raisingCall, []);
    return deciding.raises;
  });
}

/** Whether every target a remembered verdict read still finds the same callee (or still none) and that one the same verdict. */
function stillHolds(sub: SubprogramNode, verdict: Verdict, sibling: (name: string) => SubprogramNode | undefined): boolean {
  if (verdict.callees.length === 0) return true;
  return whileUnderway(sub, () => {
    const ownNested = new Map(sub.subprograms.map((s) => [s.name, s]));
    return verdict.callees.every(({ target, callee, raises }) =>
      (ownNested.get(target) ?? sibling(target)) === callee && (callee === undefined || subprogramAlwaysRaises(callee, sibling) === raises));
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
