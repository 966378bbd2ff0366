/**
 * What a check run decides before it reads any PL/SQL: the path list (`--files-from`), the configuration
 * (`--config` or the nearest `.plsqlperf.json`), which files the configuration includes, and which findings
 * are reported (`--rule`, `--diff`).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import picomatch from 'picomatch';
import { defaultProjectConfig, type ProjectConfig } from '../analysis/config/analyzerConfig.ts';
import { fileFilter } from '../analysis/config/fileFilter.ts';
import { findConfigFile, loadConfigFile } from '../analysis/config/loadConfig.ts';
import type { Finding } from '../syntax/finding.ts';
import type { CheckOptions } from './args.ts';
import { describeFsError } from './discover.ts';
import { changedLinesSince, touchesChange } from './gitDiff.ts';
import { KNOWN_RULE_IDS } from './ruleInfo.ts';

export class UsageError extends Error {}

export interface RunSetup {
  config: ProjectConfig;
  /** The configuration's include/exclude globs say this file is checked. */
  includes: (absolutePath: string) => boolean;
  /** `--rule` and `--diff` let this finding of the file at `absolutePath` through. */
  reports: (finding: Finding, absolutePath: string) => boolean;
  /** `--diff` keeps these lines of the file at `absolutePath` (always true without --diff). */
  changed: (absolutePath: string, line: number, endLine: number) => boolean;
}

/** `--files-from FILE|-`: one path per line; blank lines are skipped, a trailing CR is dropped. */
export async function readPathList(source: string, io: { cwd: string; readStdin: () => Promise<string> }): Promise<string[]> {
  let text: string;
  if (source === '-') text = await io.readStdin();
  else {
    try {
      text = readFileSync(resolve(io.cwd, source), 'utf8');
    } catch (err) {
      throw new UsageError(`--files-from: cannot read ${source}: ${describeFsError(err)}`);
    }
  }
  return text.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
}

/** The directory a config search starts from: the first checked path's (a glob's literal base), else cwd. */
function searchStart(paths: readonly string[], cwd: string): string {
  const first = paths[0];
  if (first === undefined) return cwd;
  const literal = resolve(cwd, picomatch.scan(first).isGlob ? picomatch.scan(first).base || '.' : first);
  try {
    return statSync(literal).isDirectory() ? literal : dirname(literal);
  } catch {
    return dirname(literal);
  }
}

export async function prepareRun(options: CheckOptions, paths: readonly string[], cwd: string): Promise<RunSetup> {
  const unknown = options.rules.filter((r) => !KNOWN_RULE_IDS.includes(r));
  if (unknown.length > 0) {
    throw new UsageError(`unknown rule ${unknown.map((r) => `'${r}'`).join(', ')} for --rule (known rules: ${KNOWN_RULE_IDS.join(', ')})`);
  }
  let config: ProjectConfig;
  if (options.config !== undefined) {
    config = loadConfigFile(resolve(cwd, options.config), KNOWN_RULE_IDS, options.config);
  } else {
    const found = findConfigFile(searchStart(paths, cwd)) ?? findConfigFile(cwd);
    config = found === undefined ? defaultProjectConfig(cwd) : loadConfigFile(found, KNOWN_RULE_IDS);
  }
  const only = options.rules.length > 0 ? new Set(options.rules) : undefined;
  if (only) {
    // Rules outside --rule need not run at all; a rule named there runs even if the configuration turns it off.
    config.analyzer.rules ??= {};
    for (const id of KNOWN_RULE_IDS) config.analyzer.rules[id] = { ...config.analyzer.rules[id], enabled: only.has(id) };
  }
  const changed = options.diff === undefined ? undefined : await changedLinesSince(options.diff, cwd);
  const isChanged = (path: string, line: number, endLine: number) => changed === undefined || touchesChange(changed, path, line, endLine);
  return {
    config,
    includes: fileFilter(config),
    reports: (f, path) => (only === undefined || only.has(f.rule)) && isChanged(path, f.line, f.endLine),
    changed: isChanged,
  };
}
