// Profiles the view tests render: the profile-run example document (two runs, V$ deltas, HPROF, probe), its
// recording of the seed block on the fixture process, and the probe's golden profile wrapped in a document of one
// probe-only run with the cards the evidence code computes. All pass loadProfile, as a saved profile must.
import { readFileSync } from 'node:fs';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import { buildFindingCards } from '../../server/src/profile/evidence/findingCards.ts';
import type { ProbeProfile, ProfileDocument } from '../../server/src/profile/profileDocument.ts';

const root = new URL('../../', import.meta.url);

export const EXAMPLE_PROFILE = new URL('test/fixtures/profile/by2-loop.plsqlprofile.json', root).pathname;

function validated(value: unknown, what: string): ProfileDocument {
  const result = loadProfile(value);
  if (!result.ok) throw new Error(`${what} is not a valid profile document:\n${result.errors.join('\n')}`);
  return result.document;
}

export function exampleDocument(): ProfileDocument {
  return validated(readFileSync(EXAMPLE_PROFILE, 'utf8'), EXAMPLE_PROFILE);
}

/**
 * The golden probe profile as the only run of a document. Its counts (1,000,003 pins, 10,000 exceptions, 2,048
 * writes) are the seeds' numbers, as are the example document's: that block and its findings are reused.
 */
export function goldenProbeDocument(): ProfileDocument {
  const probe = JSON.parse(readFileSync(new URL('probe/schema/testdata/golden-profile.json', root), 'utf8')) as ProbeProfile;
  const example = exampleDocument();
  const doc: ProfileDocument = {
    schemaVersion: 1,
    createdAt: probe.started_at,
    tool: { name: 'plsql-perf', version: '0.1.0' },
    source: example.source,
    options: { twoRuns: false, hprof: false, probe: true, transaction: 'rollback', callTimeoutMs: 0 },
    runs: [
      {
        role: 'single', startedAt: probe.started_at, elapsedMs: probe.elapsed_ms, status: 'ok', transaction: 'rolled-back',
        probeAttached: true, hprofEnabled: false, dbmsOutput: ['total=1000001000000'], probe,
      },
    ],
    measuredBy: { elapsed: 'single', dbStats: 'single', probe: 'single' },
    staticFindings: example.staticFindings,
    cards: [],
    notes: ['Recorded by plsql-probe only: no database statistics or HPROF in this profile.'],
  };
  doc.cards = buildFindingCards(doc);
  return validated(doc, 'the golden probe profile wrapped in a document');
}

/** profile-run's recording of the seed block on the probe's fixture process named `oracle` (a real plsql-probe run). */
export const RECORDED_PROFILE = new URL('test/fixtures/profile/seed-recorded.plsqlprofile.json', root).pathname;

export function recordedDocument(): ProfileDocument {
  return validated(readFileSync(RECORDED_PROFILE, 'utf8'), RECORDED_PROFILE);
}
