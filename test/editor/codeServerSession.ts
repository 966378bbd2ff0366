/**
 * Starts code-server (VS Code in the browser, with a real Node extension host) from a fresh data folder with
 * one .vsix installed, and stops it with its whole process group. Recipe: ../shared/docs/editor-e2e.md §1b.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './workbench.ts';

export const CODE_SERVER_VERSION = '4.100.3';

/** Where test/editor/install-code-server.sh puts it, unless PLSQL_PERF_CODE_SERVER names the binary. */
export function codeServerBinary(): string {
  if (process.env.PLSQL_PERF_CODE_SERVER) return process.env.PLSQL_PERF_CODE_SERVER;
  const cache = process.env.PLSQL_PERF_CACHE ?? join(homedir(), '.cache', 'plsql-perf');
  return join(cache, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', '.bin', 'code-server');
}

/** Why the code-server e2e tests cannot run on this machine (code-server or chromium missing), or undefined. */
export function missingEditorTools(binary: string = codeServerBinary()): string | undefined {
  if (!existsSync(binary)) return `code-server is not installed at ${binary} (run test/editor/install-code-server.sh)`;
  if (!existsSync(CHROMIUM_PATH)) return 'chromium is not installed (apt-get install chromium)';
  return undefined;
}

export interface CodeServerSession {
  url: string;
  /** code-server's process id: the extension host and the language server are its descendants. */
  pid: number;
  log: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const userSettings = {
  'telemetry.telemetryLevel': 'off', 'update.mode': 'none', 'extensions.autoCheckUpdates': false, 'extensions.autoUpdate': false,
  'workbench.startupEditor': 'none', 'workbench.enableExperiments': false, 'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false, 'extensions.ignoreRecommendations': true, 'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden', 'editor.minimap.enabled': false, 'window.zoomLevel': 0,
  'editor.hover.delay': 100, 'editor.fontSize': 15,
};

export interface CodeServerOptions {
  /** More user settings (e.g. plsqlPerf.connections). */
  settings?: Record<string, unknown>;
  /** Workspace trust on and the folder not trusted: the workbench runs in Restricted Mode. */
  restricted?: boolean;
}

/** In Restricted Mode without the startup dialog, opening files of the folder as usual. */
const restrictedSettings = {
  'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.untrustedFiles': 'open', 'security.workspace.trust.banner': 'always',
};

export async function startCodeServer(binary: string, vsix: string, workspace: string, options: CodeServerOptions = {}): Promise<CodeServerSession> {
  const data = mkdtempSync(join(tmpdir(), 'plsql-perf-cs-'));
  mkdirSync(join(data, 'user', 'User'), { recursive: true });
  const settings = { ...userSettings, ...(options.restricted ? restrictedSettings : {}), ...options.settings };
  writeFileSync(join(data, 'user', 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  // Everything code-server writes stays in the throwaway folder, not in the real home.
  const env = { ...process.env, HOME: join(data, 'home'), XDG_CONFIG_HOME: join(data, 'xdg'), XDG_DATA_HOME: join(data, 'xdg'), XDG_CACHE_HOME: join(data, 'cache') };
  const dirs = ['--user-data-dir', join(data, 'user'), '--extensions-dir', join(data, 'ext')];
  const install = spawnSync(binary, [...dirs, '--install-extension', vsix], { env, encoding: 'utf8', timeout: 120_000 });
  if (install.status !== 0) throw new Error(`code-server --install-extension failed: ${install.stdout}\n${install.stderr}`);

  const port = await freePort();
  let log = '';
  const child = spawn(binary, [
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', ...(options.restricted ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override', ...dirs, '--ignore-last-opened', workspace,
  ], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`code-server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url: `${url}/?folder=${encodeURIComponent(workspace)}`,
    pid: child.pid!,
    log: () => log,
    async stop() {
      // The extension host and the language server are children of code-server: end the whole group.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      rmSync(data, { recursive: true, force: true });
    },
  };
}
