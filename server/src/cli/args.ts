/** Command-line argument parsing for `plsql-perf`. Pure: no I/O. */
import { FAIL_ON, FORMATS, type FailOn, type Format } from './model.ts';

export interface CheckOptions {
  format: Format;
  output: string | undefined;
  failOn: FailOn;
  quiet: boolean;
  paths: string[];
}

export type ParsedArgs =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  | { kind: 'usage-error'; message: string };

export const USAGE = `Usage: plsql-perf check [options] PATHS...

Checks PL/SQL files for problems. Directories are searched recursively for PL/SQL files
(.sql .pks .pkb .pck .pkg .tps .tpb .typ .trg .prc .fnc .plb .bdy .spc .pls .plsql), skipping
node_modules and dot-directories; files named explicitly are checked whatever their extension.

Options:
  -f, --format FORMAT    text (default), json, sarif or markdown
  -o, --output FILE      write the report to FILE instead of standard output
      --fail-on LEVEL    exit 1 when a finding at or above LEVEL exists:
                         error, warning (default), info or never
  -q, --quiet            text format: no summary line; no status line on standard error
  -h, --help             show this help
  -V, --version          show the version

Exit codes: 0 no finding at or above --fail-on, 1 findings at or above it,
            2 usage error, unreadable file or internal error.
`;

const valueOptions: Record<string, 'format' | 'output' | 'failOn'> = {
  '-f': 'format',
  '--format': 'format',
  '-o': 'output',
  '--output': 'output',
  '--fail-on': 'failOn',
};

function usageError(message: string): ParsedArgs {
  return { kind: 'usage-error', message };
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  let command: string | undefined;
  let format: Format = 'text';
  let output: string | undefined;
  let failOn: FailOn = 'warning';
  let quiet = false;
  const paths: string[] = [];
  let onlyPaths = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPaths || arg === '-' || !arg.startsWith('-')) {
      if (command === undefined) command = arg;
      else paths.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPaths = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '-V' || arg === '--version') return { kind: 'version' };
    if (arg === '-q' || arg === '--quiet') {
      quiet = true;
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
    if (key === 'format') {
      if (!(FORMATS as readonly string[]).includes(value)) {
        return usageError(`unknown format '${value}' (expected ${FORMATS.join(', ')})`);
      }
      format = value as Format;
    } else if (key === 'failOn') {
      if (!(FAIL_ON as readonly string[]).includes(value)) {
        return usageError(`unknown --fail-on level '${value}' (expected ${FAIL_ON.join(', ')})`);
      }
      failOn = value as FailOn;
    } else {
      if (value === '') return usageError(`option '${name}' needs a file name`);
      output = value;
    }
  }

  if (command === undefined) return usageError('no command given (expected `check`)');
  if (command !== 'check') return usageError(`unknown command '${command}' (expected \`check\`)`);
  if (paths.length === 0) return usageError('no paths given to check');
  return { kind: 'check', options: { format, output, failOn, quiet, paths } };
}
