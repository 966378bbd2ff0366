/**
 * `plsql-perf report PROFILE [--compare AFTER] [--format html|markdown] [--out FILE]`: reads saved profiles
 * (validated like the extension validates them), writes the report. Exit codes: 0 written, 2 usage error,
 * unreadable or invalid profile, unwritable output.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ProfileView } from '../../profile/contract/panelMessages.ts';
import { loadProfile } from '../../profile/loadProfile.ts';
import type { ProfileDocument } from '../../profile/profileDocument.ts';
import { htmlReport } from './htmlReport.ts';
import { markdownReport } from './markdownReport.ts';
import { loadPageAssets } from './pageAssets.ts';
import { parseReportArgs, REPORT_USAGE, type ReportOptions } from './reportArgs.ts';
import { OutputRefused, refuseInputOverwrite, writeFileAtomically } from '../safeOutput.ts';

export interface ReportIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
}

class ReportError extends Error {}

function readProfile(file: string, cwd: string): ProfileDocument {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new ReportError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = loadProfile(text);
  if (!result.ok) throw new ReportError(`${file} is not a valid profile:\n  ${result.errors.join('\n  ')}`);
  return result.document;
}

function render(options: ReportOptions, io: ReportIo): string {
  const doc = readProfile(options.profile, io.cwd);
  const view: ProfileView = options.compare === undefined ? { kind: 'single', doc } : { kind: 'compare', before: doc, after: readProfile(options.compare, io.cwd) };
  if (options.format === 'markdown') return markdownReport(view);
  try {
    return htmlReport(view, loadPageAssets());
  } catch (error) {
    throw new ReportError(error instanceof Error ? error.message : String(error));
  }
}

export function runReport(argv: readonly string[], io: ReportIo): number {
  const parsed = parseReportArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(REPORT_USAGE);
    return 0;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`plsql-perf report: ${parsed.message}\n${REPORT_USAGE}`);
    return 2;
  }
  const options = parsed.options;
  if (options.out !== undefined) {
    const inputs = [options.profile, ...(options.compare === undefined ? [] : [options.compare])].map((f) => resolve(io.cwd, f));
    try {
      refuseInputOverwrite(resolve(io.cwd, options.out), options.out, { files: inputs });
    } catch (error) {
      if (!(error instanceof OutputRefused)) throw error;
      io.stderr(`plsql-perf report: ${error.message}\n`);
      return 2;
    }
  }
  let text: string;
  try {
    text = render(options, io);
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    io.stderr(`plsql-perf report: ${error.message}\n`);
    return 2;
  }
  if (options.out === undefined) {
    io.stdout(text);
    return 0;
  }
  try {
    writeFileAtomically(resolve(io.cwd, options.out), text);
  } catch (error) {
    io.stderr(`plsql-perf report: cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  io.stderr(`plsql-perf report: ${options.format} report written to ${options.out}\n`);
  return 0;
}
