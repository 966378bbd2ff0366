/** Runs the built command line (`node bin/plsql-perf.mjs ...`) and collects its exit code and output. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './buildOnce.ts';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const BIN = join(repoRoot, 'bin/plsql-perf.mjs');

export function runCli(args: readonly string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
    input: options.input ?? '',
    env: options.env ?? process.env,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
