// Profiles the view tests render: the profile-run example document (two runs, V$ deltas, HPROF, probe) and the
// probe's golden profile wrapped in a document of one probe-only run, with the finding cards the evidence code
// computes for it. Both pass loadProfile, so the view is tested on documents the product would accept.
import { readFileSync } from 'node:fs';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import { buildFindingCards } from '../../server/src/profile/evidence/findingCards.ts';
import type { ProbeProfile, ProfileDocument, StaticFinding } from '../../server/src/profile/profileDocument.ts';

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

/** The block the golden profile's counts belong to: the seeds' patterns one after another (file lines 1-22). */
const SEEDS_BLOCK = `declare
  l_total number := 0;
  l_name  varchar2(30);
  l_file  utl_file.file_type;
begin
  for i in 1 .. 1000000 loop
    l_total := l_total + by2(i);
  end loop;
  for i in 1 .. 10000 loop
    begin
      select ename into l_name from emp where empno = -i;
    exception
      when no_data_found then null;
    end;
  end loop;
  l_file := utl_file.fopen('DATA_DIR', 'blob.bin', 'wb', 32767);
  for i in 1 .. 2048 loop
    utl_file.put_raw(l_file, utl_raw.copies('00', 4096), true);
  end loop;
  utl_file.fclose(l_file);
  dbms_output.put_line('total=' || l_total);
end;`;

const SEEDS_FINDINGS: StaticFinding[] = [
  {
    rule: 'standalone-call-in-loop', severity: 'warning', line: 7, column: 26, endLine: 7, endColumn: 29,
    message: 'BY2 is a standalone function called inside a loop: every call pins it in the library cache',
    loop: { text: 'inside a loop of about 1,000,000 iterations', iterations: 1000000, line: 6 },
  },
  {
    rule: 'exception-handler-in-loop', severity: 'warning', line: 13, column: 7, endLine: 13, endColumn: 35,
    message: 'an exception handled inside a loop: every raised exception reads the message file',
    loop: { text: 'inside a loop of about 10,000 iterations', iterations: 10000, line: 9 },
  },
  {
    rule: 'utl-file-small-buffer', severity: 'info', line: 16, column: 13, endLine: 16, endColumn: 67,
    message: 'UTL_FILE.FOPEN with max_linesize 32767: the file system may still write in 4 KB pieces',
  },
];

export function goldenProbeDocument(): ProfileDocument {
  const probe = JSON.parse(readFileSync(new URL('probe/schema/testdata/golden-profile.json', root), 'utf8')) as ProbeProfile;
  const lines = SEEDS_BLOCK.split('\n').length;
  const doc: ProfileDocument = {
    schemaVersion: 1,
    createdAt: probe.started_at,
    tool: { name: 'plsql-perf', version: '0.1.0' },
    source: { file: 'examples/profile/seeds.sql', startLine: 1, endLine: lines, text: SEEDS_BLOCK, kind: 'anonymous-block', executedText: SEEDS_BLOCK },
    options: { twoRuns: false, hprof: false, probe: true, transaction: 'rollback', callTimeoutMs: 0 },
    runs: [
      {
        role: 'single', startedAt: probe.started_at, elapsedMs: probe.elapsed_ms, status: 'ok', transaction: 'rolled-back',
        probeAttached: true, hprofEnabled: false, dbmsOutput: ['total=1000001000000'], probe,
      },
    ],
    measuredBy: { elapsed: 'single', dbStats: 'single', probe: 'single' },
    staticFindings: SEEDS_FINDINGS,
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
