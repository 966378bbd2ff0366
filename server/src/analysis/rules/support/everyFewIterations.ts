/**
 * A condition that holds once every few iterations: `MOD(k, 1000) = 0`, `REMAINDER(k, 1000) = 0`, or PL/SQL's
 * infix `k MOD 1000 = 0` (an arithmetic operator of PL/SQL, not of SQL; found in vaflia/oracle_scripts, fourth set of
 * unseen code). What runs under it runs a fraction of the loop's iterations, not once per row.
 */
const EVERY_FEW = /\b(?:MOD|REMAINDER)\s*\(|[\w$#)]\s+MOD\s+[\w$#(]/i;

/** The first of the conditions around a statement that lets it run only every few iterations. */
export function everyFewIterationsGuard(conditions: readonly string[]): string | undefined {
  return conditions.find((condition) => EVERY_FEW.test(condition.replace(/'(?:[^']|'')*'/g, "''")));
}
