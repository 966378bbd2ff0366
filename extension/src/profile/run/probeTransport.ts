// How plsql-probe is started: locally (the database runs on this machine) or on the database host over ssh.
// Always an argument vector for spawn(), never a shell string. ssh itself joins the remote words with spaces and
// hands them to the remote shell, so every word that reaches it is checked against a strict pattern first:
// no quoting can go wrong when there is nothing to quote.

export type ProbeTransport =
  | { kind: 'none' }
  | { kind: 'local'; probePath?: string; sudo?: boolean }
  | { kind: 'ssh'; host: string; user?: string; port?: number; probePath?: string; sudo?: boolean; identityFile?: string };

export interface ProbeCommand { command: string; args: string[] }

export const DEFAULT_REMOTE_PROBE = '/usr/local/sbin/plsql-probe';

const HOST = /^[A-Za-z0-9][A-Za-z0-9.-]*$|^\[[0-9A-Fa-f:.]+\]$/;
const USER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const REMOTE_PATH = /^\/[A-Za-z0-9._/+-]+$/;

export class ProbeTransportError extends Error {
  override name = 'ProbeTransportError';
}

/** The command that starts `plsql-probe serve`, or undefined for transport "none". */
export function probeCommand(t: ProbeTransport): ProbeCommand | undefined {
  if (t.kind === 'none') return undefined;
  if (t.kind === 'local') {
    const probe = t.probePath ?? 'plsql-probe';
    // sudo -n: never prompt (there is no terminal); the sudoers rule allows exactly "<probe> serve".
    return t.sudo ? { command: 'sudo', args: ['-n', probe, 'serve'] } : { command: probe, args: ['serve'] };
  }
  if (!HOST.test(t.host)) throw new ProbeTransportError(`ssh host "${t.host}" is not a plain host name or [IPv6] address`);
  if (t.user !== undefined && !USER.test(t.user)) throw new ProbeTransportError(`ssh user "${t.user}" is not a plain user name`);
  const probe = t.probePath ?? DEFAULT_REMOTE_PROBE;
  if (!REMOTE_PATH.test(probe)) throw new ProbeTransportError(`probe path "${probe}" must be an absolute path of letters, digits and ._/+-`);
  if (t.port !== undefined && !(Number.isInteger(t.port) && t.port > 0 && t.port < 65536)) throw new ProbeTransportError(`ssh port ${t.port} is not a port number`);
  const args = ['-T', '-o', 'BatchMode=yes'];
  if (t.port !== undefined) args.push('-p', String(t.port));
  if (t.identityFile !== undefined) args.push('-i', t.identityFile);
  if (t.user !== undefined) args.push('-l', t.user);
  // "--" ends ssh's options: the host can never be read as one.
  args.push('--', t.host, ...(t.sudo === false ? [probe, 'serve'] : ['sudo', '-n', probe, 'serve']));
  return { command: 'ssh', args };
}
