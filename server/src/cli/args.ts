/** Command-line argument parsing for `plsql-perf`. Pure: no I/O. */
import { FAIL_ON, FORMATS, type FailOn, type Format } from './model.ts';

export interface CheckOptions {
  format: Format;
  output: string | undefined;
  failOn: FailOn;
  quiet: boolean;
  /** Files, directories or quoted globs, as given. */
  paths: string[];
  /** `.plsqlperf.json` to use instead of the nearest one. */
  config: string | undefined;
  /** Report only findings on lines changed since this git revision. */
  diff: string | undefined;
  /** Report only these rules (empty: all enabled rules). */
  rules: string[];
  /** Read more paths from this file, one per line (`-` = standard input). */
  filesFrom: string | undefined;
  /** Skip `.sql` files written for another database (PostgreSQL, SQL Server, MySQL). */
  dialectCheck: boolean;
  /** Notes on standard error: which files were skipped and why. */
  verbose: boolean;
  /** Apply the safe fixes to the files, then report what is left. */
  fix?: boolean;
  /** Worker threads (`--jobs`); undefined: runChecks.ts planFor decides. 1 checks in the main thread alone. */
  jobs?: number;
  /** The check cache (`--cache FILE`). */
  cache?: string;
  /** Files larger than this many bytes are not checked (`--max-file-size`, default 50 MB). */
  maxFileSize?: number;
}

export type ParsedArgs =
  | { kind: 'help'; command?: string }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  | { kind: 'usage-error'; message: string };

export const USAGE = `Usage: plsql-perf check [options] PATHS...

Checks PL/SQL files for performance problems. PATHS are files, directories (searched recursively for
.sql .pks .pkb .pck .pkg .tps .tpb .typ .trg .prc .fnc .plb .bdy .spc .pls .plsql files, skipping
node_modules and dot-directories) or quoted globs ('src/**/*.pkb'), which plsql-perf expands itself.
Files named explicitly are checked whatever their extension.

Options:
  -f, --format FORMAT    text (default), json, sarif, sonarqube (SonarQube 10.3+ generic issues),
                         sonarqube-legacy (before 10.3), codeclimate (GitLab Code Quality)
                         or markdown (a review checklist)
  -o, --output FILE      write the report to FILE instead of standard output
      --config FILE      use this configuration instead of the nearest .plsqlperf.json
      --fail-on LEVEL    exit 1 when a finding at or above LEVEL exists:
                         error, warning (default), info or never
      --diff REF         report only findings on lines changed since the git revision REF
                         (committed, staged and unstaged changes; new files count whole)
      --rule ID          report only this rule; repeat or separate with commas for several
      --files-from FILE  read more paths from FILE, one per line; '-' reads standard input
      --no-dialect-check check every .sql file as Oracle; by default a .sql script written for
                         PostgreSQL, SQL Server or MySQL is skipped (--verbose says which and why)
  -v, --verbose          notes on standard error: the files skipped and why
      --fix              apply the safe fixes (they keep behaviour) to the files, print each change
                         on standard error, and report the findings that are left
  -j, --jobs N           check on N worker threads (default: one per core on 3 cores or more
                         once there is 1 MB of code; 1 = the main thread only)
      --cache FILE       keep what each file contributed in FILE; a later run re-checks only
                         changed files and the files that depend on them
      --max-file-size SIZE  skip (and report) files larger than SIZE: bytes, or with KB, MB or GB
                         (default 50MB)
  -q, --quiet            text format: no summary line; no status line on standard error
  -h, --help             show this help
  -V, --version          show the version

Exit codes: 0 no finding at or above --fail-on, 1 findings at or above it,
            2 usage or configuration error, unreadable file or internal error.
`;

type ValueOption = 'format' | 'output' | 'failOn' | 'config' | 'diff' | 'rule' | 'filesFrom' | 'jobs' | 'cache' | 'maxFileSize';

/** `plsql-perf --help`: every command, one line each. */
export const COMMANDS_USAGE = `Usage: plsql-perf COMMAND [options]

Finds and explains PL/SQL performance problems.

Commands:
  check PATHS...     check PL/SQL files and report the findings (text, JSON, SARIF, SonarQube, ...)
  report PROFILE     write a saved profile (.plsqlprofile.json) as HTML or Markdown, or compare two
  lsp --stdio        run the language server for any LSP client over standard input/output
  profile import TRACE...  turn a DTrace, truss/strace, perf or pstack trace into a saved profile

Options:
  -h, --help             show this help
  -V, --version          show the version

Run 'plsql-perf COMMAND --help' for a command's options.
`;

export const LSP_USAGE = `Usage: plsql-perf lsp --stdio

Runs the PL/SQL Perf language server over standard input/output, for any editor with an LSP client
(Neovim, Emacs, Sublime Text, Helix, ...). It runs until the client sends 'exit'.
`;

export const COMMAND_NAMES = ['check', 'report', 'lsp'] as const;

const valueOptions: Record<string, ValueOption> = {
  '-f': 'format',
  '--format': 'format',
  '-o': 'output',
  '--output': 'output',
  '--fail-on': 'failOn',
  '--config': 'config',
  '--diff': 'diff',
  '--rule': 'rule',
  '--files-from': 'filesFrom',
  '-j': 'jobs',
  '--jobs': 'jobs',
  '--cache': 'cache',
  '--max-file-size': 'maxFileSize',
};

function usageError(message: string): ParsedArgs {
  return { kind: 'usage-error', message };
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  let command: string | undefined;
  const options: CheckOptions = {
    format: 'text', output: undefined, failOn: 'warning', quiet: false, paths: [],
    config: undefined, diff: undefined, rules: [], filesFrom: undefined, dialectCheck: true, verbose: false,
  };
  let onlyPaths = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPaths || arg === '-' || !arg.startsWith('-')) {
      if (command === undefined) command = arg;
      else options.paths.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPaths = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') return command === undefined ? { kind: 'help' } : { kind: 'help', command };
    if (arg === '-V' || arg === '--version') return { kind: 'version' };
    if (arg === '-q' || arg === '--quiet') {
      options.quiet = true;
      continue;
    }
    if (arg === '-v' || arg === '--verbose') {
      options.verbose = true;
      continue;
    }
    if (arg === '--dialect-check' || arg === '--no-dialect-check') {
      options.dialectCheck = arg === '--dialect-check';
      continue;
    }
    if (arg === '--fix') {
      options.fix = true;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const key = valueOptions[name];
    if (key === undefined) return usageError(`unknown option '${name}'`);
    let value: string;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined) return usageError(`option '${name}' needs a value`);
      value = next;
      i++;
    }
    const problem = setOption(options, key, name, value);
    if (problem !== undefined) return usageError(problem);
  }

  const expected = `expected ${COMMAND_NAMES.map((c) => `\`${c}\``).join(', ')}`;
  if (command === undefined) return usageError(`no command given (${expected})`);
  if (command !== 'check') return usageError(`unknown command '${command}' (${expected})`);
  if (options.paths.length === 0 && options.filesFrom === undefined) return usageError('no paths given to check');
  return { kind: 'check', options };
}

/** Stores one option's value; returns a usage problem, if any. */
function setOption(options: CheckOptions, key: ValueOption, name: string, value: string): string | undefined {
  switch (key) {
    case 'format':
      if (!(FORMATS as readonly string[]).includes(value)) return `unknown format '${value}' (expected ${FORMATS.join(', ')})`;
      options.format = value as Format;
      return undefined;
    case 'failOn':
      if (!(FAIL_ON as readonly string[]).includes(value)) return `unknown --fail-on level '${value}' (expected ${FAIL_ON.join(', ')})`;
      options.failOn = value as FailOn;
      return undefined;
    case 'rule': {
      const ids = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
      if (ids.length === 0) return `option '${name}' needs a rule id`;
      options.rules.push(...ids);
      return undefined;
    }
    case 'jobs': {
      if (!/^[1-9][0-9]{0,3}$/.test(value)) return `option '${name}' needs a number of threads from 1 (got '${value}')`;
      options.jobs = Number(value);
      return undefined;
    }
    case 'maxFileSize': {
      const size = parseSize(value);
      if (size === undefined) return `option '${name}' needs a size such as 50MB, 800KB or 1000000 (got '${value}')`;
      options.maxFileSize = size;
      return undefined;
    }
    case 'diff':
      if (value === '' || value.startsWith('-')) return `option '${name}' needs a git revision (got '${value}')`;
      options.diff = value;
      return undefined;
    default:
      if (value === '') return `option '${name}' needs a file name`;
      options[key] = value;
      return undefined;
  }
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

/** `50MB`, `800 kb`, `1g`, `1000000` (bytes); binary units, as file managers on Linux show sizes. */
export function parseSize(value: string): number | undefined {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = m ? SIZE_UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * unit);
  return bytes > 0 ? bytes : undefined;
}
