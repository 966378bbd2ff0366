// Real tools for the probe tests: the plsql-probe binary (built from probe/ with go) and the fixture process
// "oracle" (probe/internal/testfixture/testdata/oracle.c, built with gcc), which replays the seeds' kernel
// patterns on command. Off root these tests skip with the reason; with CI=true they fail instead.
import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('../../../', import.meta.url).pathname;

/** undefined when the probe tests can run; otherwise why not. Throws under CI=true instead of skipping. */
export function probeTestsBlocked(): string | undefined {
  let reason: string | undefined;
  if (process.platform !== 'linux') reason = 'plsql-probe needs Linux';
  else if (process.geteuid?.() !== 0) reason = 'needs root: uprobes and BPF need CAP_SYS_ADMIN (run the tests as root)';
  else {
    for (const tool of ['go', 'gcc']) {
      try {
        execFileSync(tool, [tool === 'go' ? 'version' : '--version'], { stdio: 'ignore' });
      } catch {
        reason = `${tool} not found: it builds ${tool === 'go' ? 'plsql-probe' : 'the fixture program'}`;
      }
    }
  }
  if (reason && process.env.CI === 'true') throw new Error(`CI=true, so the probe tests cannot be skipped: ${reason}`);
  if (reason) console.log(`# SKIPPED plsql-probe tests: ${reason}`);
  return reason;
}

export interface Workdir { dir: string; probe: string; oracle: string; remove(): void }

/** Builds plsql-probe and the fixture into a fresh temporary directory. */
export function buildTools(): Workdir {
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-profile-'));
  const probe = join(dir, 'plsql-probe');
  execFileSync('go', ['build', '-o', probe, './cmd/plsql-probe'], { cwd: join(root, 'probe'), env: { ...process.env, CGO_ENABLED: '0' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const oracle = join(dir, 'oracle');
  execFileSync('gcc', ['-O2', '-g', '-fno-omit-frame-pointer', '-pthread', '-o', oracle, join(root, 'probe/internal/testfixture/testdata/oracle.c')], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { dir, probe, oracle, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A running fixture "oracle" process: send a command, get its "ok <ns>" answer. */
export class OracleFixture {
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>, readonly pid: number) {}

  static async start(exe: string, dir: string): Promise<OracleFixture> {
    const child = spawn(exe, [dir], { stdio: ['pipe', 'pipe', 'inherit'] });
    const fixture = new OracleFixture(child, child.pid!);
    createInterface({ input: child.stdout }).on('line', (l) => fixture.push(l));
    child.on('exit', () => fixture.push(undefined));
    const ready = await fixture.next();
    if (!ready?.startsWith('ready ')) throw new Error(`fixture: unexpected first line ${ready}`);
    return fixture;
  }

  private push(line: string | undefined): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = undefined;
      w(line);
    } else if (line !== undefined) this.lines.push(line);
  }

  private next(): Promise<string | undefined> {
    const l = this.lines.shift();
    return l !== undefined ? Promise.resolve(l) : new Promise((resolve) => { this.waiting = resolve; });
  }

  /** Runs one command; returns the number after "ok" (elapsed ns, or the worker's tid for "thread"). */
  async do(command: string): Promise<number> {
    this.child.stdin.write(`${command}\n`);
    const answer = await this.next();
    if (!answer?.startsWith('ok ')) throw new Error(`fixture "${command}": ${answer ?? 'exited'}`);
    // "ok <result> <cpu_ns>": the first number is the answer (a thread id, or the elapsed ns)
    return Number(answer.slice(3).split(" ")[0]);
  }

  stop(): void {
    this.child.stdin.end();
  }
}
