// Records the seed block's profile: FakeOracleSession reports the fixture "oracle" process as its server
// process, running the block replays the seeds' patterns there, and a real plsql-probe (local transport)
// records it. Used by profileProbe.test.ts; run directly it writes the document to a file, which is how
// test/fixtures/profile/seed-recorded.plsqlprofile.json (a real recording, for the webview and report tests)
// was made:  node --import tsx test/profile/support/recordSeedProfile.ts OUT.plsqlprofile.json   (as root)
import { writeFileSync } from 'node:fs';
import { ProfileRunner } from '../../../extension/src/profile/run/profileRun.ts';
import { probeCommand } from '../../../extension/src/profile/run/probeTransport.ts';
import type { ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { FakeOracleSession } from './fakeOracleSession.ts';
import { buildTools, OracleFixture, probeTestsBlocked, type Workdir } from './rootTools.ts';
import { BLOCK_EFFECT, FIXTURE_COMMANDS, HPROF_ROWS, seedRequest } from './seedBlock.ts';

export const FAKE_DATABASE_NOTE = 'test recording: the database figures (version, session, statistics, waits, DBMS_HPROF) come from the ' +
  'tests\' FakeOracleSession, as no Oracle database runs on the build machines; the probe data is a real plsql-probe recording ' +
  'of the fixture process named oracle';

export async function recordSeedProfile(tools: Workdir, fixture: OracleFixture): Promise<ProfileDocument> {
  const db = new FakeOracleSession({
    spid: String(fixture.pid),
    hprofRows: HPROF_ROWS,
    block: async () => {
      for (const command of FIXTURE_COMMANDS) await fixture.do(command);
      return BLOCK_EFFECT;
    },
  });
  return new ProfileRunner(seedRequest({
    options: { twoRuns: true, hprof: true, probe: true, transaction: 'rollback', callTimeoutMs: 120000 },
    connection: { name: 'fixture', user: 'APP', connectString: 'localhost/freepdb1' },
    probe: probeCommand({ kind: 'local', probePath: tools.probe }),
  }), { db }).run();
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], 'file://').href) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: recordSeedProfile.ts OUT.plsqlprofile.json');
  const blocked = probeTestsBlocked();
  if (blocked) throw new Error(blocked);
  const tools = buildTools();
  const fixture = await OracleFixture.start(tools.oracle, tools.dir);
  try {
    const doc = await recordSeedProfile(tools, fixture);
    // The document is shown in the README and the panel tests: it must say where its database figures come from.
    doc.notes.unshift(FAKE_DATABASE_NOTE);
    writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  } finally {
    fixture.stop();
    tools.remove();
  }
}
