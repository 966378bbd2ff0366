/**
 * A timeline of a parallel check run, for the scale benchmark and for finding where a run's time goes: with
 * PLSQL_PERF_TRACE_SCALE=FILE the run writes, as JSON, each phase of the main thread (wall span, the process's
 * and the main thread's CPU so far) and each request a worker answered (which worker, when it was sent, worked
 * on and answered, the worker thread's CPU so far, parse/index/analysis ms). Nothing is recorded without it.
 */
import { writeFileSync } from 'node:fs';
import { threadCpuMs } from './threadCpu.ts';
import type { Timings } from './fileWork.ts';

const now = () => performance.timeOrigin + performance.now();

export class RunTrace {
  private readonly events: unknown[] = [];
  private readonly started = now();

  private constructor(private readonly file: string | undefined) {}

  static fromEnvironment(): RunTrace {
    return new RunTrace(process.env.PLSQL_PERF_TRACE_SCALE || undefined);
  }

  /** A moment to measure from (epoch ms). */
  mark(): number {
    return now();
  }

  /** The main thread's phase that began at `since` (a mark) ends now. */
  phase(name: string, since: number = this.started): void {
    if (this.file) this.events.push({ phase: name, start: since, end: now(), cpu: process.cpuUsage(), mainCpu: threadCpuMs() });
  }

  /** A worker's answer to a request sent at `sent` (a mark). */
  request(pass: 1 | 2, worker: number, file: number, sent: number, timings: Timings, bytes?: number): void {
    if (!this.file) return;
    const { span, cpu, parseMs, indexMs, analysisMs } = timings;
    this.events.push({ pass, worker, file, bytes, sent, span, received: now(), cpu, parseMs, indexMs, analysisMs });
  }

  write(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify({ start: this.started, trace: this.events }));
  }
}
