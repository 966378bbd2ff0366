// Connection profiles from the plsqlPerf.connections setting, checked field by field. Passwords are never in
// settings: the profile names the secret, VS Code SecretStorage holds it (connectionManager.ts).
import type { ProbeTransport } from '../profile/run/probeTransport.ts';

export interface ConnectionProfile {
  name: string;
  user: string;
  /** Easy Connect string (host:port/service[:dedicated]) or a TNS alias found in configDir/tnsnames.ora. */
  connectString: string;
  configDir?: string;
  /** Directory of ewallet.pem for TLS (tcps) connections. */
  walletLocation?: string;
  /** The wallet is encrypted: its password is asked for and kept in SecretStorage too. */
  walletPasswordRequired?: boolean;
  probe: ProbeTransport;
}

export interface ParsedConnections { profiles: ConnectionProfile[]; errors: string[] }

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** Reads the setting's array; a bad entry is reported by name and left out, the others still work. */
export function parseConnections(raw: unknown): ParsedConnections {
  const profiles: ConnectionProfile[] = [];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { profiles, errors };
  if (!Array.isArray(raw)) return { profiles, errors: ['plsqlPerf.connections must be an array of connection profiles'] };
  const seen = new Set<string>();
  raw.forEach((entry: unknown, i) => {
    const where = `plsqlPerf.connections[${i}]`;
    if (typeof entry !== 'object' || entry === null) { errors.push(`${where} is not an object`); return; }
    const e = entry as Record<string, unknown>;
    const name = str(e.name);
    const user = str(e.user);
    const connectString = str(e.connectString);
    const label = name ? `${where} "${name}"` : where;
    const missing = [!name && 'name', !user && 'user', !connectString && 'connectString'].filter(Boolean);
    if (missing.length) { errors.push(`${label}: ${missing.join(', ')} missing`); return; }
    if ('password' in e) { errors.push(`${label}: a password does not belong in settings; remove it (it is asked for on connect and kept in SecretStorage)`); return; }
    if (seen.has(name!)) { errors.push(`${label}: the name is used twice`); return; }
    const probe = parseProbe(e.probe, label, errors);
    if (!probe) return;
    seen.add(name!);
    const profile: ConnectionProfile = { name: name!, user: user!, connectString: connectString!, probe };
    if (str(e.configDir)) profile.configDir = str(e.configDir)!;
    if (str(e.walletLocation)) profile.walletLocation = str(e.walletLocation)!;
    if (e.walletPasswordRequired === true) profile.walletPasswordRequired = true;
    profiles.push(profile);
  });
  return { profiles, errors };
}

function parseProbe(raw: unknown, label: string, errors: string[]): ProbeTransport | undefined {
  if (raw === undefined || raw === null) return { kind: 'none' };
  if (typeof raw !== 'object') { errors.push(`${label}: probe must be an object ({ "transport": "none" | "local" | "ssh", ... })`); return undefined; }
  const p = raw as Record<string, unknown>;
  const sudo = p.sudo === undefined ? undefined : p.sudo === true;
  switch (p.transport ?? 'none') {
    case 'none': return { kind: 'none' };
    case 'local': {
      const t: ProbeTransport = { kind: 'local' };
      if (str(p.path)) t.probePath = str(p.path)!;
      if (sudo !== undefined) t.sudo = sudo;
      return t;
    }
    case 'ssh': {
      const host = str(p.host);
      if (!host) { errors.push(`${label}: probe.transport "ssh" needs probe.host`); return undefined; }
      const t: ProbeTransport = { kind: 'ssh', host };
      if (str(p.user)) t.user = str(p.user)!;
      if (typeof p.port === 'number') t.port = p.port;
      if (str(p.path)) t.probePath = str(p.path)!;
      if (str(p.identityFile)) t.identityFile = str(p.identityFile)!;
      if (sudo !== undefined) t.sudo = sudo;
      return t;
    }
    default:
      errors.push(`${label}: probe.transport must be "none", "local" or "ssh"`);
      return undefined;
  }
}
