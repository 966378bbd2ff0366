/**
 * `plsql-perf` command line. `main(argv)` returns the exit code; bin/plsql-perf.mjs sets it.
 * Exit codes: 0 clean (below --fail-on), 1 findings at or above --fail-on, 2 usage or configuration error,
 * unreadable file or internal error.
 */
import { resolve } from 'node:path';
import { severityRank } from '../syntax/finding.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { ConfigError } from '../analysis/config/configError.ts';
import { COMMANDS_USAGE, LSP_USAGE, parseArgs, USAGE, type CheckOptions } from './args.ts';
import { skipForeignDialects } from './dialectFilter.ts';
import { applySafeFixes } from './applyFixes.ts';
import { discoverFiles } from './discover.ts';
import { GitDiffError } from './gitDiff.ts';
import type { CheckReport, FailOn } from './model.ts';
import { createProgress } from './progress.ts';
import { createProjectAnalyzer, type ProjectAnalyzer } from '../analysis/analyzeProject.ts';
import { renderChunks } from './reporters/index.ts';
import { summaryLine } from './reporters/text.ts';
import { prepareRun, readPathList, UsageError } from './runSetup.ts';
import { checkInputs } from './checkInputs.ts';
import { OutputRefused, refuseInputOverwrite, writeFileAtomically } from './safeOutput.ts';
import { DEFAULT_MAX_FILE_SIZE, withinSizeLimit } from './fileSizeLimit.ts';
import { runChecks } from './scale/runChecks.ts';
import { cacheKey, RunCache } from './scale/checkCache.ts';
import { boundHeapGrowth, withGrowthForLargestFile } from './heapGrowth.ts';
import { delayOptimization } from './optimizationBudget.ts';
import { dropOutputWhenClosed } from './closedOutput.ts';
import { KNOWN_RULE_IDS } from './ruleInfo.ts';

export const VERSION: string = pkg.version;
/** Where docs/rules/<id>.md are published (package.json "homepage", ending at the repository tree). */
const DOCS_BASE_URL: string | undefined = (pkg as { homepage?: string }).homepage;

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
  /** Reads all of standard input (for `--files-from -`). */
  readStdin: () => Promise<string>;
  /** Standard error is a terminal (the progress line is shown only then), and its width. */
  stderrIsTTY: boolean;
  columns: number;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const processIo = (): CliIo => {
  dropOutputWhenClosed(process.stdout);
  dropOutputWhenClosed(process.stderr);
  return {
    stdout: (s) => void (process.stdout.destroyed || process.stdout.write(s)),
    stderr: (s) => void (process.stderr.destroyed || process.stderr.write(s)),
    cwd: process.cwd(),
    readStdin: () => readAll(process.stdin),
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns || 80, // 0 or undefined when the size is unknown
  };
};

export function exitCodeFor(report: CheckReport, failOn: FailOn): number {
  if (report.errors.length > 0) return 2;
  if (failOn === 'never') return 0;
  const threshold = severityRank[failOn];
  return report.findings.some((f) => severityRank[f.severity] >= threshold) ? 1 : 0;
}

export async function runCheck(
  options: CheckOptions,
  io: CliIo,
  makeAnalyzer: typeof createProjectAnalyzer = createProjectAnalyzer,
): Promise<number> {
  const paths = [...options.paths];
  if (options.filesFrom !== undefined) paths.push(...(await readPathList(options.filesFrom, io)));
  const run = await prepareRun(options, paths, io.cwd);

  const discovery = discoverFiles(paths, io.cwd);
  const included = discovery.files.filter((f) => run.includes(f.path));
  if (options.output !== undefined || options.cache !== undefined) {
    // Before any work: a report written over an input would destroy the code it reports on.
    try {
      const inputs = checkInputs(paths, io.cwd, discovery.files.map((f) => f.path), run.includes);
      if (options.output !== undefined) refuseInputOverwrite(resolve(io.cwd, options.output), options.output, inputs);
      if (options.cache !== undefined) refuseInputOverwrite(resolve(io.cwd, options.cache), options.cache, inputs);
    } catch (err) {
      if (!(err instanceof OutputRefused)) throw err;
      io.stderr(`plsql-perf: ${err.message}\n`);
      return 2;
    }
  }

  const warn = (message: string) => io.stderr(`plsql-perf: ${message}\n`);
  const cache = options.cache === undefined
    ? undefined
    : RunCache.open(resolve(io.cwd, options.cache), options.cache, cacheKey(VERSION, run.config.analyzer, KNOWN_RULE_IDS), warn);
  const ofOracle = options.dialectCheck
    ? skipForeignDialects(included, options.verbose ? io.stderr : undefined, cache && ((display, bytes) => cache.knownOracle(display, bytes)))
    : included;
  const sized = withinSizeLimit(ofOracle, options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
  const files = sized.files;
  // A text report on standard output lists these errors itself: say them on standard error only otherwise.
  const reportShowsErrors = options.format === 'text' && options.output === undefined;
  if (!reportShowsErrors) {
    for (const e of discovery.errors) io.stderr(`plsql-perf: cannot read ${e.file}: ${e.message}\n`);
    for (const e of sized.errors) io.stderr(`plsql-perf: ${e.file}: ${e.message}\n`);
  }
  if (paths.length === 0) io.stderr('plsql-perf: the path list is empty\n');
  else if (discovery.files.length === 0 && discovery.errors.length === 0) io.stderr('plsql-perf: no PL/SQL files found in the given paths\n');

  const progress = createProgress({ write: io.stderr, isTTY: io.stderrIsTTY, columns: io.columns });
  const choice = {
    config: run.config.analyzer, jobs: options.jobs, cache, dialectChecked: options.dialectCheck, totalBytes: sized.totalBytes, warn,
  };
  const largest = files.reduce((most, f) => Math.max(most, f.size ?? 0), 0);
  const report = await withGrowthForLargestFile(largest, () => runChecks(files, (): ProjectAnalyzer => makeAnalyzer(run.config.analyzer, { findingsOnly: true }), [...discovery.errors, ...sized.errors], {
    onProgress: (pass, done, total, file) => progress.update(pass, done, total, file.display),
    onError: (error, cause) => {
      progress.done();
      if (error.message.startsWith('internal error')) {
        const stack = cause instanceof Error && cause.stack ? `\n${cause.stack}` : '';
        io.stderr(`plsql-perf: ${error.file}: ${error.message}${stack}\n`);
      } else if (!reportShowsErrors) {
        io.stderr(`plsql-perf: cannot read ${error.file}: ${error.message}\n`);
      }
    },
  }, choice));
  progress.done();
  const pathOf = new Map(files.map((f) => [f.display, f.path]));
  report.findings = report.findings.filter((f) => run.reports(f, pathOf.get(f.file) ?? f.file));
  report.unexplainedSuppressions = report.unexplainedSuppressions?.filter((s) => run.changed(pathOf.get(s.file) ?? s.file, s.line, s.endLine));
  if (options.fix) {
    const outcome = applySafeFixes(report.findings, (display) => pathOf.get(display) ?? display);
    for (const line of outcome.lines) io.stderr(`plsql-perf: ${line}\n`);
    const fixed = new Set(outcome.fixed);
    report.findings = report.findings.filter((f) => !fixed.has(f));
  }

  // In chunks as they are made: the report of a large run is never whole in memory (reporters/index.ts).
  const text = renderChunks(options.format, report, { failOn: options.failOn, quiet: options.quiet, docsBaseUrl: DOCS_BASE_URL }, VERSION);
  if (options.output === undefined) {
    for (const chunk of text) io.stdout(chunk);
  } else {
    try {
      writeFileAtomically(resolve(io.cwd, options.output), text);
    } catch (err) {
      io.stderr(`plsql-perf: cannot write ${options.output}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    if (!options.quiet) io.stderr(`plsql-perf: ${summaryLine(report)}; ${options.format} report written to ${options.output}\n`);
  }
  return exitCodeFor(report, options.failOn);
}

const usageHint = 'Usage: plsql-perf check|report|lsp [options] ... (see plsql-perf --help)\n';

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (argv[0] === 'lsp') return startLanguageServer(argv.slice(1), io);
  // Loaded when asked for: their modules' start-up work (tables sorted with a locale collator, number formats)
  // is not paid by every check.
  if (argv[0] === 'report') return (await import('./report/reportCommand.ts')).runReport(argv.slice(1), io);
  if (argv[0] === 'profile' && argv[1] === 'import') {
    return (await import('./profileImport/importCommand.ts')).runProfileImport(argv.slice(2), io, VERSION);
  }
  if (argv[0] === 'profile') {
    io.stderr(`plsql-perf profile: ${argv[1] === undefined ? 'no subcommand given' : `unknown subcommand '${argv[1]}'`} (expected import)\n`);
    return 2;
  }
  const parsed = parseArgs(argv);
  switch (parsed.kind) {
    case 'help':
      io.stdout(parsed.command === 'check' ? USAGE : COMMANDS_USAGE);
      return 0;
    case 'version':
      io.stdout(`plsql-perf ${VERSION}\n`);
      return 0;
    case 'usage-error':
      io.stderr(`plsql-perf: ${parsed.message}\n${usageHint}`);
      return 2;
    case 'check':
      boundHeapGrowth();
      delayOptimization();
      try {
        return await runCheck(parsed.options, io);
      } catch (err) {
        if (err instanceof ConfigError) io.stderr(`plsql-perf: configuration error: ${err.message}\n`);
        else if (err instanceof UsageError) io.stderr(`plsql-perf: ${err.message}\n${usageHint}`);
        else if (err instanceof GitDiffError) io.stderr(`plsql-perf: ${err.message}\n`);
        else io.stderr(`plsql-perf: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
        return 2;
      }
  }
}

/** `plsql-perf lsp --stdio`: the language server for any LSP client. It runs until the client sends `exit`. */
async function startLanguageServer(args: readonly string[], io: CliIo): Promise<number> {
  if (args.some((a) => a === '-h' || a === '--help')) {
    io.stdout(LSP_USAGE);
    return 0;
  }
  if (args.some((a) => a !== '--stdio')) {
    io.stderr('plsql-perf: usage: plsql-perf lsp --stdio (standard input/output is the only transport)\n');
    return 2;
  }
  const { startStdioServer } = await import('../lsp/stdio.ts');
  startStdioServer();
  return new Promise<number>(() => {});
}
