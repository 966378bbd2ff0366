/**
 * `plsql-perf` command line. `main(argv)` returns the exit code; bin/plsql-perf.mjs sets it.
 * Exit codes: 0 clean (below --fail-on), 1 findings at or above --fail-on, 2 usage error, unreadable file or
 * internal error.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyzeText } from '../analysis/analyze.ts';
import { severityRank } from '../syntax/finding.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { parseArgs, USAGE, type CheckOptions } from './args.ts';
import { runReport } from './report/reportCommand.ts';
import { checkFiles, type Analyze } from './check.ts';
import { discoverFiles } from './discover.ts';
import type { CheckReport, FailOn } from './model.ts';
import { render } from './reporters/index.ts';
import { summaryLine } from './reporters/text.ts';

export const VERSION: string = pkg.version;

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
}

const processIo = (): CliIo => ({
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  cwd: process.cwd(),
});

export function exitCodeFor(report: CheckReport, failOn: FailOn): number {
  if (report.errors.length > 0) return 2;
  if (failOn === 'never') return 0;
  const threshold = severityRank[failOn];
  return report.findings.some((f) => severityRank[f.severity] >= threshold) ? 1 : 0;
}

/** Each file is parsed once, so the unit cache (meant for editors re-parsing a document) would only cost memory. */
const analyzeOnce: Analyze = (text) => analyzeText(text, { unitCache: false });

export function runCheck(options: CheckOptions, io: CliIo, analyze: Analyze = analyzeOnce): number {
  const discovery = discoverFiles(options.paths, io.cwd);
  for (const e of discovery.errors) io.stderr(`plsql-perf: cannot read ${e.file}: ${e.message}\n`);
  const report = checkFiles(discovery.files, analyze, discovery.errors, {
    onError: (error, cause) => {
      if (error.message.startsWith('internal error')) {
        const stack = cause instanceof Error && cause.stack ? `\n${cause.stack}` : '';
        io.stderr(`plsql-perf: ${error.file}: ${error.message}${stack}\n`);
      } else {
        io.stderr(`plsql-perf: cannot read ${error.file}: ${error.message}\n`);
      }
    },
  });
  if (discovery.files.length === 0 && discovery.errors.length === 0) {
    io.stderr('plsql-perf: no PL/SQL files found in the given paths\n');
  }

  const text = render(options.format, report, { failOn: options.failOn, quiet: options.quiet }, VERSION);
  if (options.output === undefined) {
    io.stdout(text);
  } else {
    try {
      writeFileSync(resolve(io.cwd, options.output), text);
    } catch (err) {
      io.stderr(`plsql-perf: cannot write ${options.output}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    if (!options.quiet) io.stderr(`plsql-perf: ${summaryLine(report)}; ${options.format} report written to ${options.output}\n`);
  }
  return exitCodeFor(report, options.failOn);
}

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (argv[0] === 'report') return runReport(argv.slice(1), io);
  const parsed = parseArgs(argv);
  switch (parsed.kind) {
    case 'help':
      io.stdout(USAGE);
      return 0;
    case 'version':
      io.stdout(`plsql-perf ${VERSION}\n`);
      return 0;
    case 'usage-error':
      io.stderr(`plsql-perf: ${parsed.message}\nUsage: plsql-perf check [options] PATHS... (see plsql-perf --help)\n`);
      return 2;
    case 'check':
      try {
        return runCheck(parsed.options, io);
      } catch (err) {
        io.stderr(`plsql-perf: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
        return 2;
      }
  }
}
