// Connection profiles from settings, the probe transport as an argument vector (never a shell string), and
// ORA-/NJS- errors explained with what to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConnections } from '../../extension/src/connections/connectionSettings.ts';
import { explainDbError } from '../../extension/src/connections/oracleErrors.ts';
import { probeCommand } from '../../extension/src/profile/run/probeTransport.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('Thin mode only: one adapter file imports oracledb, nothing calls initOracleClient', () => {
  const root = new URL('../../', import.meta.url).pathname;
  const files = [...sources(join(root, 'extension/src')), ...sources(join(root, 'server/src'))];
  const importers = files.filter((f) => /from\s+['"]oracledb['"]/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
  assert.deepEqual(importers, ['extension/src/connections/oracleSession.ts']);
  assert.deepEqual(files.filter((f) => /initOracleClient\s*\(/.test(readFileSync(f, 'utf8'))), []);
});

test('connection profiles: valid ones are kept, bad ones reported by name, a password in settings refused', () => {
  const { profiles, errors } = parseConnections([
    { name: 'free', user: 'app', connectString: 'localhost:1521/freepdb1:dedicated', probe: { transport: 'local', sudo: true } },
    { name: 'prod', user: 'app', connectString: 'PRODDB', configDir: '/etc/oracle', probe: { transport: 'ssh', host: 'db01', user: 'oracle', port: 2222 } },
    { name: 'leaky', user: 'app', connectString: 'x', password: 'tiger' },
    { name: 'half', user: 'app' },
    { name: 'free', user: 'other', connectString: 'y' },
    { name: 'odd', user: 'a', connectString: 'z', probe: { transport: 'telnet' } },
    { name: 'nohost', user: 'a', connectString: 'z', probe: { transport: 'ssh' } },
    42,
  ]);
  assert.deepEqual(profiles, [
    { name: 'free', user: 'app', connectString: 'localhost:1521/freepdb1:dedicated', probe: { kind: 'local', sudo: true } },
    { name: 'prod', user: 'app', connectString: 'PRODDB', configDir: '/etc/oracle', probe: { kind: 'ssh', host: 'db01', user: 'oracle', port: 2222 } },
  ]);
  assert.deepEqual(errors, [
    'plsqlPerf.connections[2] "leaky": a password does not belong in settings; remove it (it is asked for on connect and kept in SecretStorage)',
    'plsqlPerf.connections[3] "half": connectString missing',
    'plsqlPerf.connections[4] "free": the name is used twice',
    'plsqlPerf.connections[5] "odd": probe.transport must be "none", "local" or "ssh"',
    'plsqlPerf.connections[6] "nohost": probe.transport "ssh" needs probe.host',
    'plsqlPerf.connections[7] is not an object',
  ]);
  assert.deepEqual(parseConnections({}).errors, ['plsqlPerf.connections must be an array of connection profiles']);
});

test('probe transport: argument vectors; ssh words that a remote shell could misread are refused', () => {
  assert.equal(probeCommand({ kind: 'none' }), undefined);
  assert.deepEqual(probeCommand({ kind: 'local' }), { command: 'plsql-probe', args: ['serve'] });
  assert.deepEqual(probeCommand({ kind: 'local', probePath: '/opt/p/plsql-probe', sudo: true }), { command: 'sudo', args: ['-n', '/opt/p/plsql-probe', 'serve'] });
  assert.deepEqual(probeCommand({ kind: 'ssh', host: 'db01.example.com', user: 'oracle', port: 2222 }), {
    command: 'ssh', args: ['-T', '-o', 'BatchMode=yes', '-p', '2222', '-l', 'oracle', '--', 'db01.example.com', 'sudo', '-n', '/usr/local/sbin/plsql-probe', 'serve'],
  });
  assert.throws(() => probeCommand({ kind: 'ssh', host: 'db01; rm -rf /' }), /not a plain host name/);
  assert.throws(() => probeCommand({ kind: 'ssh', host: '-oProxyCommand=x' }), /not a plain host name/);
  assert.throws(() => probeCommand({ kind: 'ssh', host: 'db01', user: 'a b' }), /not a plain user name/);
  assert.throws(() => probeCommand({ kind: 'ssh', host: 'db01', probePath: '/usr/bin/plsql-probe $(id)' }), /absolute path/);
  assert.throws(() => probeCommand({ kind: 'ssh', host: 'db01', probePath: 'plsql-probe' }), /absolute path/);
});

test('ORA-/NJS- errors: what happened and what to do, with the driver text kept', () => {
  const bad = explainDbError(Object.assign(new Error('ORA-01017: invalid credential or not authorized; logon denied'), { code: 'ORA-01017', errorNum: 1017 }));
  assert.equal(bad.code, 'ORA-01017');
  assert.match(bad.message, /^ORA-01017: the database refused the user name or password\. To fix: run "PL\/SQL Perf: Connect" again/);
  assert.equal(bad.detail, 'ORA-01017: invalid credential or not authorized; logon denied');
  assert.match(explainDbError(new Error('NJS-503: connection to host localhost port 1521 could not be established. (CONNECTION_ID=x)\nconnect ECONNREFUSED 127.0.0.1:1521')).message, /^NJS-503: .*listener/);
  assert.match(explainDbError(new Error('NJS-501: connection to host db01 port 1521 terminated unexpectedly. (CONNECTION_ID=x)\nread ECONNRESET')).message, /^NJS-501: .*cut off.*connect again/);
  assert.match(explainDbError({ message: 'ORA-12541: Cannot connect. No listener at host db01 port 1521.' }).message, /^ORA-12541: no listener/);
  assert.match(explainDbError({ code: 'ORA-00942', message: 'ORA-00942: table or view does not exist' }).message, /GRANT statements/);
  assert.match(explainDbError({ code: 'ORA-01031', message: 'ORA-01031: insufficient privileges' }).message, /lacks a privilege/);
  assert.deepEqual(explainDbError(new Error('something else\nsecond line')), { message: 'something else', detail: 'something else\nsecond line' });
});

test('connection form: each field is checked as it is typed', async () => {
  const { validateConnectionField } = await import('../../extension/src/connections/connectionFields.ts');
  assert.equal(validateConnectionField('name', 'billing-dev', ['reporting']), undefined);
  assert.equal(validateConnectionField('name', '  ', []), 'The name is required.');
  assert.equal(validateConnectionField('name', 'reporting', ['reporting']), 'A connection named "reporting" exists already.');
  assert.match(validateConnectionField('user', 'app user', []) ?? '', /no blanks/);
  assert.equal(validateConnectionField('user', '"App User"', []), undefined);
  assert.equal(validateConnectionField('connectString', 'db.example.com:1521/orclpdb1:dedicated', []), undefined);
  assert.match(validateConnectionField('connectString', 'db.example.com 1521', []) ?? '', /Easy Connect string has no blanks/);
  assert.equal(validateConnectionField('connectString', '(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db) (PORT=1521)))', []), undefined);
  assert.equal(validateConnectionField('connectString', '', []), 'The connect string is required.');
});
