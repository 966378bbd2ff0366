// The plsqlPerf.profile.* settings, read with their defaults and clamped to sane values.
import * as vscode from 'vscode';
import type { RunOptions } from '../../../server/src/profile/profileDocument.ts';

export interface ProfileSettings { run: Omit<RunOptions, 'probe'>; saveFolder: string }

export function readProfileSettings(scope?: vscode.Uri): ProfileSettings {
  const c = vscode.workspace.getConfiguration('plsqlPerf.profile', scope);
  const seconds = c.get<number>('callTimeoutSeconds', 600);
  return {
    run: {
      twoRuns: c.get<boolean>('twoRuns', true),
      hprof: c.get<boolean>('hprof', true),
      transaction: c.get<string>('transaction', 'rollback') === 'commit' ? 'commit' : 'rollback',
      callTimeoutMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0,
    },
    saveFolder: c.get<string>('saveFolder', '.plsql-perf/profiles') || '.plsql-perf/profiles',
  };
}
