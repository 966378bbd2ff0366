// One PL/SQL block that contains every seed pattern, the static findings the real analyzer reports for it (file
// lines), what running it does to the session counters, the fixture commands that
// replay its kernel-level behaviour, and the DBMS_HPROF rows of one run. Shared by the orchestration tests.
import type { StaticFinding } from '../../../server/src/profile/profileDocument.ts';
import type { Row } from '../../../extension/src/profile/run/dbSession.ts';
import type { BlockEffect } from './fakeOracleSession.ts';
import { chooseBlock, type ProfileTarget } from '../../../extension/src/profile/run/blockSelection.ts';
import { findingsForTarget } from '../../../extension/src/profile/run/staticFindings.ts';
import type { RunRequest } from '../../../extension/src/profile/run/profileRun.ts';

export const FILE = 'examples/profile/seed_patterns.sql';
/** The block starts at this file line (a header line and the standalone function BY2 above it). */
export const START_LINE = 7;
export const BLOCK = `declare
  l_total number := 0;
  l_name  varchar2(30);
  l_file  utl_file.file_type;
  l_rows  number;
begin
  for i in 1 .. 1000 loop
    l_total := l_total + by2(i);
  end loop;
  for i in 1 .. 200 loop
    begin
      select ename into l_name from emp where empno = -i;
    exception
      when no_data_found then null;
    end;
  end loop;
  l_file := utl_file.fopen('DATA_DIR', 'out.bin', 'wb', 4096);
  for i in 1 .. 48 loop
    utl_file.put_raw(l_file, utl_raw.copies('00', 4096), true);
  end loop;
  utl_file.fclose(l_file);
  select /*+ gather_plan_statistics */ count(*) into l_rows from big_table;
  dbms_output.put_line('total=' || l_total);
end;`;
export const END_LINE = START_LINE + BLOCK.split('\n').length - 1;
export const DOCUMENT = `-- Seed patterns in one block, after the standalone function it calls.
create or replace function by2(p_n number) return number is
begin
  return p_n * 2;
end;
/
${BLOCK}
/
`;

/** Block line -> file line. */
export const L = (blockLine: number): number => START_LINE + blockLine - 1;

/** The block under the cursor, and the real analyzer's findings and units for it (server/src/analysis). */
export const TARGET: ProfileTarget = (() => {
  const choice = chooseBlock(DOCUMENT, { line: L(3), column: 1, endLine: L(3), endColumn: 1 });
  if (choice.kind !== 'run') throw new Error(`seed block not found: ${JSON.stringify(choice)}`);
  return choice.target;
})();
export const ANALYSIS = findingsForTarget(DOCUMENT, TARGET, FILE);
export const FINDINGS: StaticFinding[] = ANALYSIS.findings;

/** What the fixture "oracle" process is told to do when the block runs: the seeds' kernel patterns. */
export const FIXTURE_COMMANDS = ['pin 1000', 'exc 200', 'write 4096 48', 'stats 500', 'poll 3000 3'];

export const BLOCK_EFFECT: BlockEffect = {
  stats: { 'session logical reads': 3000, 'table scan rows gotten': 500, 'execute count': 202, 'recursive calls': 1204 },
  timeModel: { 'DB time': 52000, 'DB CPU': 50000, 'PL/SQL execution elapsed time': 31000 },
  waits: { 'Disk file operations I/O': [3, 412, 'User I/O'] },
  output: ['total=1001000'],
};

export const HPROF_ROWS: { run: Row; functions: Row[]; edges: Row[] } = {
  run: { TOTAL_ELAPSED_TIME: 48800 },
  functions: [
    { SYMBOLID: 1, OWNER: '', MODULE: '', TYPE: '', FUNCTION: '__anonymous_block', LINE: 0, NAMESPACE: 'PLSQL', SQL_ID: null, CALLS: 1, FUNCTION_ELAPSED_TIME: 6100, SUBTREE_ELAPSED_TIME: 48800 },
    { SYMBOLID: 2, OWNER: 'APP', MODULE: 'BY2', TYPE: 'FUNCTION', FUNCTION: 'BY2', LINE: 1, NAMESPACE: 'PLSQL', SQL_ID: null, CALLS: 1000, FUNCTION_ELAPSED_TIME: 15700, SUBTREE_ELAPSED_TIME: 15700 },
    { SYMBOLID: 3, OWNER: '', MODULE: '', TYPE: '', FUNCTION: '__static_sql_exec_line12', LINE: 12, NAMESPACE: 'SQL', SQL_ID: '7s9k2h1m0q3vd', CALLS: 200, FUNCTION_ELAPSED_TIME: 21000, SUBTREE_ELAPSED_TIME: 21000 },
    { SYMBOLID: 4, OWNER: '', MODULE: '', TYPE: '', FUNCTION: '__static_sql_exec_line22', LINE: 22, NAMESPACE: 'SQL', SQL_ID: 'a1b2c3d4e5f6g', CALLS: 1, FUNCTION_ELAPSED_TIME: 6000, SUBTREE_ELAPSED_TIME: 6000 },
  ],
  edges: [
    { PARENTSYMID: 1, CHILDSYMID: 2, CALLS: 1000, FUNCTION_ELAPSED_TIME: 15700, SUBTREE_ELAPSED_TIME: 15700 },
    { PARENTSYMID: 1, CHILDSYMID: 3, CALLS: 200, FUNCTION_ELAPSED_TIME: 21000, SUBTREE_ELAPSED_TIME: 21000 },
    { PARENTSYMID: 1, CHILDSYMID: 4, CALLS: 1, FUNCTION_ELAPSED_TIME: 6000, SUBTREE_ELAPSED_TIME: 6000 },
  ],
};

/** The run request for the seed block: one run with HPROF and no probe unless the test says otherwise. */
export function seedRequest(over: Partial<RunRequest> = {}): RunRequest {
  return {
    target: TARGET,
    file: FILE,
    units: ANALYSIS.units,
    options: { twoRuns: false, hprof: true, probe: false, transaction: 'rollback', callTimeoutMs: 60000 },
    user: 'app',
    connection: { name: 'free', user: 'APP', connectString: 'localhost:1521/freepdb1' },
    staticFindings: FINDINGS,
    toolVersion: '0.1.0',
    ...over,
  };
}
