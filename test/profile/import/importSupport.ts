// Runs the built CLI's `profile import` on the trace fixtures (test/fixtures/profile/import), from the
// repository root, and reads back the profile it wrote.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from '../../cli/buildOnce.ts';
import { loadProfile } from '../../../server/src/profile/loadProfile.ts';
import type { FindingCard, ProfileDocument } from '../../../server/src/profile/profileDocument.ts';

export { repoRoot };
export const TRACES = 'test/fixtures/profile/import';

export interface ImportRun {
  status: number | null;
  stdout: string;
  stderr: string;
  doc?: ProfileDocument;
}

export function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  ensureBuilt('dist/cli.mjs');
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/plsql-perf.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `plsql-perf profile import` of fixture traces into OUT; the written profile validated like every saved one. */
export function importFixtures(out: string, traces: string[], ...options: string[]): ImportRun {
  const r = cli('profile', 'import', ...traces.map((t) => `${TRACES}/${t}`), ...options, '--out', out);
  if (r.status !== 0) return r;
  const loaded = loadProfile(readFileSync(out, 'utf8'));
  if (!loaded.ok) throw new Error(`the imported profile does not validate:\n${loaded.errors.join('\n')}`);
  return { ...r, doc: loaded.document };
}

export function cardOf(doc: ProfileDocument, rule: string): FindingCard {
  const card = doc.cards.find((c) => (c.hypothesis.rule ?? c.id) === rule);
  if (!card) throw new Error(`no ${rule} card; cards: ${doc.cards.map((c) => c.id).join(', ')}`);
  return card;
}
