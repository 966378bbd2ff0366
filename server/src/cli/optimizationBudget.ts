/**
 * How long V8 lets a function run before it optimizes it, for a check run (main thread and worker threads).
 *
 * A check run is short and runs the generated parser's large rule functions and the model builders cold. With
 * V8's default budget (67,584 bytes of bytecode executed) TurboFan optimizes them early, on the little type
 * feedback of the first files, then deoptimizes them ("insufficient type feedback", "wrong map") and optimizes
 * them again as new kinds of statements come: on corpus-wide in one thread, 1,022 optimizing compilations of
 * which 355 were thrown away by a deoptimization (`--trace-opt --trace-deopt`), and V8's compiler threads took
 * about as much CPU as the main thread (8.0 s against 8.0 s; a second run in the same process, warm: 2.2 s).
 * That churn is also paid again by every worker thread.
 *
 * Eight times the default gives the optimizer the feedback first: measured as whole processes, alternating
 * runs on a loaded 2-core machine (test/bench; median CPU user+sys): the 60-file cold check 0.72x the CPU and
 * 0.69x the wall of the default budget; corpus-wide with --jobs 1, 0.88x the CPU (14.9 s against 17.4 s).
 * Four times: 0.78x and 0.89x.
 *
 * V8's flags belong to the process. bin/plsql-perf.mjs sets the same value before it compiles the bundle (the
 * code cache is made and taken under it); here it is set for runs that import the CLI (tests, benchmarks) and
 * again when the first worker starts. An `--interrupt-budget` the user gives node is left alone.
 */
import { setFlagsFromString } from 'node:v8';

/** Eight times V8's default (test/cli/codeCache.test.ts checks bin/plsql-perf.mjs uses the same). */
export const CHECK_INTERRUPT_BUDGET = 8 * 67_584;

let applied = false;

export function delayOptimization(): void {
  if (applied) return;
  applied = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('interrupt-budget') || option.includes('interrupt_budget'));
  if (!given) setFlagsFromString(`--interrupt-budget=${CHECK_INTERRUPT_BUDGET}`);
}
