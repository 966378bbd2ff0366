/**
 * Editor settings (`plsqlPerf.*`), resolved per document through workspace/configuration so every
 * workspace folder can have its own (never kept in server globals, STYLE.md §10). Clients that cannot
 * answer configuration requests (many non-VS Code editors) get the defaults merged with the
 * initializationOptions they sent.
 */
import type { Connection } from 'vscode-languageserver';
import type { Severity } from '../syntax/finding.ts';
import { SQL_FILES_MODES, type SqlFilesMode } from './dialectGate.ts';

export type RuleLevel = Severity | 'off';

export interface ServerSettings {
  /** Per-rule override: a severity, or 'off'. */
  rules: Record<string, RuleLevel>;
  /** The project config file, relative to the workspace folder. */
  configPath: string;
  codeLens: { profileBlock: boolean };
  /** placement: after END LOOP, or after each call inside a hot loop (features/inlayHints.ts). */
  inlayHints: { loopHeat: boolean; minIterations: number; placement: 'loop-end' | 'calls' };
  diagnostics: { debounceMs: number };
  /** Where rule pages are linked from; empty = the pages shipped with the server. */
  ruleDocsBaseUrl: string;
  /** Which `.sql` documents are checked (dialectGate.ts). */
  sqlFiles: SqlFilesMode;
}

export const defaultSettings: ServerSettings = {
  rules: {},
  configPath: '.plsqlperf.json',
  codeLens: { profileBlock: true },
  inlayHints: { loopHeat: true, minIterations: 1000, placement: 'loop-end' },
  diagnostics: { debounceMs: 200 },
  ruleDocsBaseUrl: '',
  sqlFiles: 'auto',
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export function mergeSettings(base: ServerSettings, over: DeepPartial<ServerSettings> | null | undefined): ServerSettings {
  if (!over || typeof over !== 'object') return base;
  return {
    // The old object form (`plsqlPerf.rules`) is still read; a per-rule setting (`plsqlPerf.rule.<id>`) wins.
    rules: { ...base.rules, ...(over.rules as Record<string, RuleLevel> | undefined), ...perRuleLevels((over as { rule?: unknown }).rule) },
    configPath: typeof over.configPath === 'string' && over.configPath ? over.configPath : base.configPath,
    codeLens: { ...base.codeLens, ...over.codeLens },
    inlayHints: { ...base.inlayHints, ...over.inlayHints },
    diagnostics: { ...base.diagnostics, ...over.diagnostics },
    ruleDocsBaseUrl: typeof over.ruleDocsBaseUrl === 'string' ? over.ruleDocsBaseUrl : base.ruleDocsBaseUrl,
    sqlFiles: (SQL_FILES_MODES as readonly unknown[]).includes(over.sqlFiles) ? (over.sqlFiles as SqlFilesMode) : base.sqlFiles,
  };
}

const RULE_LEVELS: readonly string[] = ['off', 'info', 'warning', 'error'];

/** `plsqlPerf.rule.<id>` settings (one dropdown per rule); `default` leaves the rule to the project and its own level. */
function perRuleLevels(perRule: unknown): Record<string, RuleLevel> {
  const levels: Record<string, RuleLevel> = {};
  if (!perRule || typeof perRule !== 'object') return levels;
  for (const [id, level] of Object.entries(perRule)) {
    if (typeof level === 'string' && RULE_LEVELS.includes(level)) levels[id] = level as RuleLevel;
  }
  return levels;
}

export class SettingsStore {
  private readonly cache = new Map<string, Promise<ServerSettings>>();

  constructor(
    private readonly connection: Connection,
    private readonly clientAnswersConfiguration: boolean,
    private readonly fallback: ServerSettings,
  ) {}

  /** The settings for the folder this document belongs to; cached until the client says they changed. */
  forDocument(uri: string): Promise<ServerSettings> {
    if (!this.clientAnswersConfiguration) return Promise.resolve(this.fallback);
    let pending = this.cache.get(uri);
    if (!pending) {
      pending = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'plsqlPerf' })
        .then((value: DeepPartial<ServerSettings> | null) => mergeSettings(this.fallback, value))
        .catch(() => this.fallback);
      this.cache.set(uri, pending);
    }
    return pending;
  }

  forget(uri?: string): void {
    if (uri) this.cache.delete(uri);
    else this.cache.clear();
  }
}
