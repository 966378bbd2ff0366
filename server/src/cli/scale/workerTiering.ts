/**
 * The worker threads of a check run start cold: each compiles the parser and the rules again, and V8 optimizes
 * the parser's large functions early, on the little type feedback of the first files, then deoptimizes and
 * optimizes them again as new kinds of statements come (5-9 times each). That churn is a fixed cost per thread
 * (corpus-wide in one thread: 10.8 s of CPU; in two halves: 7.6 s each, so about 4 s per thread is the warm-up)
 * and it is most of what keeps two threads from paying on two cores. Letting a function run twice as long before
 * V8 optimizes it gives the optimizer more feedback and fewer deoptimizations: half of corpus-wide took 6.0 s
 * instead of 7.7 s of CPU (three runs each, loaded machine), two threads on the whole of it 19.5 s instead of 21.1 s.
 *
 * Four times the default does better still (corpus-wide x1 on two threads, three runs each alternating, loaded
 * machine: 15.1 s of CPU against 16.3 s with twice the default; perf sampling put the compiler threads' share at
 * 3.8 s against 5.4 s, the threads themselves ran a little longer in the interpreter and baseline code).
 *
 * V8's flags belong to the process; they are set when the first worker starts, so a `--jobs 1` run (where the
 * main thread parses, warms up once and gains nothing: its own thread took longer) is left as it is, and in a
 * threaded run the main thread parses nothing. An `--interrupt-budget` the user gives node is left alone.
 */
import { setFlagsFromString } from 'node:v8';

/** Four times V8's default (67,584 bytes of bytecode executed before a function is considered for optimization). */
export const WORKER_INTERRUPT_BUDGET = 4 * 67_584;

let applied = false;

export function delayOptimizationForWorkers(): void {
  if (applied) return;
  applied = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('interrupt-budget') || option.includes('interrupt_budget'));
  if (!given) setFlagsFromString(`--interrupt-budget=${WORKER_INTERRUPT_BUDGET}`);
}
