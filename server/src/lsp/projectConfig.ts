/**
 * The project's `.plsqlperf.json`, read with the CLI's schema and rule ids, and combined with the editor's
 * rule settings (the editor's choice wins: it is the developer's own override of the team file).
 * Files the project excludes (`include`/`exclude`) get no findings, as `plsql-perf check` skips them.
 * A broken file is not silently replaced by the defaults: its problems are returned with their place in the
 * file (for diagnostics there), and the last valid configuration of that file stays in use until it is fixed.
 * An unknown rule id is only a warning: the rest of the file applies.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileFilter, type FileFilter } from '../analysis/config/fileFilter.ts';
import { checkConfigText } from '../analysis/config/configProblems.ts';
import { allRuleIds } from './ruleDocs.ts';
import type { AnalyzerConfig, RuleSetting } from './analyzerApi.ts';
import type { RuleLevel } from './settings.ts';

export interface ProjectConfigProblem {
  severity: 'error' | 'warning';
  /** JSON pointer and what is wrong: `/rules/dml-in-loop: expected one of ...`. */
  message: string;
  /** 0-based, end exclusive (LSP coordinates). */
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface LoadedProjectConfig {
  config: AnalyzerConfig;
  /** Whether the project checks this absolute path. */
  checks: FileFilter;
  /** The configuration file's path (whether or not it exists). */
  path: string;
  /** The file exists (a read without it is the defaults). */
  exists: boolean;
  /** Every problem of the file, errors and warnings (empty when it is valid or absent). */
  problems: ProjectConfigProblem[];
  /** Why the file could not be used (an error in it, or unreadable); the last valid configuration, or the defaults, apply. */
  error?: string;
  /** The file is broken and its last valid configuration is the one in use. */
  keptLastValid?: boolean;
}

const everything: FileFilter = () => true;

function positionAt(lineStarts: readonly number[], offset: number): { line: number; character: number } {
  let line = 0;
  while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
  return { line, character: offset - lineStarts[line]! };
}

/** Reads the file; on an error, `lastValid` (the previous successful read of the same file) stays in force. */
export function readProjectConfig(folder: string, configPath: string, lastValid?: LoadedProjectConfig): LoadedProjectConfig {
  const path = isAbsolute(configPath) ? configPath : join(folder, configPath);
  if (!existsSync(path)) return { config: {}, checks: everything, path, exists: false, problems: [] };
  // the last valid file stays in force; a file that never was valid, or was absent, leaves the defaults
  const kept = lastValid?.exists ? lastValid : undefined;
  const broken = (error: string, problems: ProjectConfigProblem[]): LoadedProjectConfig => ({
    config: kept?.config ?? {}, checks: kept?.checks ?? everything, path, exists: true, problems, error, keptLastValid: kept !== undefined,
  });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return broken(`${path}: cannot read: ${error instanceof Error ? error.message : String(error)}`, []);
  }
  try {
    const checked = checkConfigText(text, path, allRuleIds());
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
    const problems = checked.problems.map((p) => ({
      severity: p.severity,
      message: p.pointer ? `${p.pointer}: ${p.message}` : p.message,
      range: { start: positionAt(lineStarts, p.offset), end: positionAt(lineStarts, p.offset + p.length) },
    }));
    if (!checked.config) {
      const first = problems.find((p) => p.severity === 'error')!;
      return broken(`${path}: line ${first.range.start.line + 1} column ${first.range.start.character + 1}: ${first.message}`, problems);
    }
    return { config: checked.config.analyzer, checks: fileFilter(checked.config), path, exists: true, problems };
  } catch (error) {
    return broken(`${path}: ${error instanceof Error ? error.message : String(error)}`, []);
  }
}

export function withEditorRules(config: AnalyzerConfig, editorRules: Record<string, RuleLevel>): AnalyzerConfig {
  const rules: Record<string, RuleSetting> = { ...config.rules };
  for (const [id, level] of Object.entries(editorRules)) {
    rules[id] = level === 'off' ? { ...rules[id], enabled: false } : { ...rules[id], enabled: true, severity: level };
  }
  return { ...config, rules };
}
