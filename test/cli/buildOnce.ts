/** Makes sure dist/ holds a build at least as new as the sources; builds once (`npm run build`) if not. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'generated' || name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** Throws with the build's output when the build fails. */
export function ensureBuilt(output = 'dist/cli.mjs'): void {
  const target = join(repoRoot, output);
  const sources = ['server/src', 'extension/src', 'grammar', 'test/bench', 'package.json', 'scripts/bundle.mjs', 'scripts/generate-parser.mjs'];
  const newestSource = Math.max(...sources.map((s) => newestMtime(join(repoRoot, s))));
  if (existsSync(target) && statSync(target).mtimeMs >= newestSource) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`npm run build failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
  }
}
