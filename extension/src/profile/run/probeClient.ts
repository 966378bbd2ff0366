// Client of `plsql-probe serve` (protocol v1, JSON lines on stdin/stdout; see probe/README.md). One request
// at a time per id; `record` answers only when the recording stops, so it returns two promises: started and
// the final profile. Closing stdin makes the helper stop a running recording, write it, and exit.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ProbeProfile } from '../../../../server/src/profile/profileDocument.ts';
import type { ProbeCommand } from './probeTransport.ts';

export class ProbeError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'ProbeError';
  }
}

export interface InspectResult { pid: number; tid: number; exe: string; start_ticks: number; uid: number; comm: string; threads: number; threaded: boolean }

export interface RecordParams {
  pid: number;
  tid?: number;
  start_ticks: number;
  functions?: string[];
  catalog?: string[];
  syscalls?: boolean;
  syscall_times?: boolean;
  stacks_hz?: number;
  seconds?: number;
  inclusive_time?: boolean;
  no_proc?: boolean;
  no_calibrate?: boolean;
}

export interface Recording {
  started: Promise<{ collectors: string[]; probes: number; warnings: { code: string; message: string }[] }>;
  profile: Promise<ProbeProfile>;
}

interface Pending { resolve: (v: unknown) => void; reject: (e: Error) => void; onEvent?: (event: string, data: unknown) => void }

export class ProbeClient {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private exited: Error | undefined;
  private stderr = '';

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: it explains a failed start (sudo, ssh) without growing forever.
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
    });
    const fail = (why: string): void => {
      const detail = this.stderr.trim().split('\n').slice(-3).join(' | ');
      this.exited = new ProbeError('EXITED', `${why}${detail ? `: ${detail}` : ''}`);
      for (const p of this.pending.values()) p.reject(this.exited);
      this.pending.clear();
    };
    child.on('exit', (code, signal) => fail(`plsql-probe exited (${signal ?? `status ${code}`})`));
    child.on('error', (error) => fail(`plsql-probe could not be started: ${error.message}`));
    child.stdin.on('error', () => { /* the exit handler reports it */ });
  }

  /** Starts the helper and waits for its hello answer ("ready"), within timeoutMs. */
  static async start(cmd: ProbeCommand, timeoutMs = 20000): Promise<{ client: ProbeClient; hello: { version: string; profile_version: number } }> {
    const client = new ProbeClient(spawn(cmd.command, cmd.args, { stdio: ['pipe', 'pipe', 'pipe'] }));
    let timer: NodeJS.Timeout | undefined;
    try {
      const hello = await Promise.race([
        client.request('hello') as Promise<{ version: string; profile_version: number }>,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ProbeError('TIMEOUT', `no answer from "${[cmd.command, ...cmd.args].join(' ')}" within ${timeoutMs / 1000} s`)), timeoutMs);
        }),
      ]);
      return { client, hello };
    } catch (error) {
      client.kill();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private onLine(line: string): void {
    let msg: { id?: string; type?: string; event?: string; data?: unknown; result?: unknown; error?: { code: string; message: string } };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      return; // stdout carries only protocol lines; anything else is not ours to interpret
    }
    const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'event') {
      p.onEvent?.(msg.event ?? '', msg.data);
      return;
    }
    this.pending.delete(msg.id!);
    if (msg.type === 'result') p.resolve(msg.result);
    else p.reject(new ProbeError(msg.error?.code ?? 'INTERNAL', msg.error?.message ?? line));
  }

  private request(op: string, params?: unknown, onEvent?: Pending['onEvent']): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject };
      if (onEvent) pending.onEvent = onEvent;
      this.pending.set(id, pending);
      this.child.stdin.write(`${JSON.stringify(params === undefined ? { v: 1, id, op } : { v: 1, id, op, params })}\n`);
    });
  }

  inspect(pid: number, tid?: number): Promise<InspectResult> {
    return this.request('inspect', tid === undefined ? { pid } : { pid, tid }) as Promise<InspectResult>;
  }

  catalog(): Promise<{ id: string }[]> {
    return this.request('catalog').then((r) => (Array.isArray(r) ? r : ((r as { patterns?: unknown[] }).patterns ?? [])) as { id: string }[]);
  }

  record(params: RecordParams): Recording {
    let onStarted!: (v: unknown) => void;
    const started = new Promise<unknown>((resolve) => { onStarted = resolve; });
    const profile = this.request('record', params, (event, data) => { if (event === 'started') onStarted(data); }) as Promise<ProbeProfile>;
    // A refusal answers the record request without a started event: let "started" fail with it.
    return { started: Promise.race([started, profile.then(() => { throw new ProbeError('NOT_STARTED', 'the recording ended before it started'); })]) as Recording['started'], profile };
  }

  /** Asks the running recording to stop; its profile then answers record(). */
  async stop(): Promise<void> {
    await this.request('stop');
  }

  /** Stops a running recording (it answers first) and ends the helper. */
  async shutdown(): Promise<void> {
    if (this.exited) return;
    try {
      await this.request('shutdown');
    } catch {
      /* already gone */
    }
    this.child.stdin.end();
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGTERM');
  }
}
