/**
 * Tests written for the survivors of mutation round 10 on `analyze.ts` lines 261-500
 * (test/rules/mutation-round10-analyze-b.md): each fails with the mutants its entry names applied and passes
 * without them (checked by hand with scripts/mutation-apply.py).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText, type AnalysisResult } from '../../server/src/analysis/analyze.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseConfig } from '../../server/src/analysis/config/loadConfig.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import { KNOWN_RULE_IDS } from '../../server/src/cli/ruleInfo.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import type { SourceRange } from '../../server/src/syntax/finding.ts';
import { OpenDocument } from './openDocument.ts';

const meta = (id: string): Rule['meta'] => ({ id, defaultSeverity: 'warning', status: 'preview', summary: '', remedy: '', fixKind: 'none', docPath: '' });
const shown = (result: AnalysisResult, rule?: string) => result.findings.filter((f) => rule === undefined || f.rule === rule)
  .map((f) => `${f.rule} ${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity}`);

/** A rule that joins the registry for one test (walked item by item as the built-in rules are). */
function withRegistered<T>(rule: Rule, body: () => T): T {
  const registry = PERFORMANCE_RULES as Rule[];
  registry.push(rule);
  try {
    return body();
  } finally {
    registry.splice(registry.indexOf(rule), 1);
  }
}

// ---- clamp: every reported range is kept inside the text (:274-:284)

test('round 10b: a reported range is clamped to the ends of its lines (the last line has no line break)', () => {
  const text = 'begin\n  x := 1;\nend;';
  const ranges: [SourceRange, string][] = [
    [{ line: 1, column: 1, endLine: 1, endColumn: 99 }, 'first'],
    [{ line: 2, column: 1, endLine: 2, endColumn: 99 }, 'second'],
    [{ line: 3, column: 2, endLine: 3, endColumn: 99 }, 'last'],
    [{ line: 1, column: 4, endLine: 1, endColumn: 2 }, 'reversed'],
    [{ line: 1, column: 4, endLine: 3, endColumn: 2 }, 'multiline'],
    [{ line: 3, column: 1, endLine: 2, endColumn: 1 }, 'upward'],
  ];
  const reporter: Rule = { meta: meta('test-clamp'), create: (context) => ({ finish() { for (const [r, m] of ranges) context.report(r, m); } }) };
  const found = analyzeText(text, { extraRules: [reporter] }).findings.filter((f) => f.rule === 'test-clamp')
    .map((f) => `${f.message.split(' ')[0]} ${f.line}:${f.column}-${f.endLine}:${f.endColumn}`).sort();
  assert.deepEqual(found, ['first 1:1-1:6', 'last 3:2-3:5', 'multiline 1:4-3:2', 'reversed 1:4-1:4', 'second 2:1-2:10', 'upward 3:1-3:1']);
});

// ---- a rule whose create() throws (:351)

test('round 10b: a rule whose create() throws becomes an internal-error finding and the other rules still report', () => {
  const throwing: Rule = { meta: meta('test-create-throws'), create: () => { throw new Error('no'); } };
  const text = 'begin for i in 1 .. 1000 loop insert into t values (i); end loop; end;\n/\n';
  const findings = analyzeText(text, { extraRules: [throwing] }).findings;
  assert.deepEqual(findings.map((f) => `${f.rule} ${f.line}`), ['internal-error 1', 'dml-in-loop 1']);
  assert.match(findings[0]!.message, /rule test-create-throws failed on this file \(Error: no\)/);
});

// ---- the tables a script seeds itself (:375-:377)

const seededLoop = (seed: string) => `${seed}\nbegin\n  for r in (select id from cfg) loop\n    update t set v = r.id where id = r.id;\n  end loop;\nend;\n/\n`;
const SEEDED_NOTE = '(in a deployment script, in a loop over rows the script seeds itself: install-time work)';

test('round 10b: a top-level INSERT ... VALUES seeds its table: VALUES( without a space, a schema-qualified table', () => {
  for (const seed of ['insert into cfg (id) values(1);', 'insert into app.cfg (id) values (1);', 'insert into cfg (id) values\n(1);']) {
    const text = seededLoop(seed);
    const lines = seed.split('\n').length;
    const result = analyzeText(text, { file: 'deploy.sql' });
    assert.deepEqual(shown(result), [`dml-in-loop ${lines + 3}:5-${lines + 3}:11 info`], seed);
    assert.ok(result.findings[0]!.message.endsWith(SEEDED_NOTE), `${seed}: ${result.findings[0]!.message}`);
  }
});

test('round 10b: an INSERT ... VALUES inside an anonymous block or an EXEC does not seed its table (only top-level SQL does)', () => {
  for (const seed of ['begin\n  insert into cfg (id) values (1);\nend;\n/', 'exec insert into cfg (id) values (1);']) {
    const lines = seed.split('\n').length;
    const result = analyzeText(seededLoop(seed), { file: 'deploy.sql' });
    assert.deepEqual(shown(result), [`dml-in-loop ${lines + 3}:5-${lines + 3}:11 warning`], seed);
    assert.ok(!result.findings[0]!.message.includes('seeds itself'), result.findings[0]!.message);
  }
});

test('round 10b: an INSERT ... VALUES into no named table (a TABLE() expression, a statement missing its table) seeds nothing', () => {
  for (const seed of ['insert into table(f()) values (1);', 'insert into values (1);']) {
    const result = analyzeText(seededLoop(seed), { file: 'deploy.sql' });
    assert.deepEqual(shown(result, 'dml-in-loop'), ['dml-in-loop 4:5-4:11 warning'], seed);
  }
});

// ---- codeRanges: the segments a rule's finish() scans as code (:333)

test('round 10b: plan-statistics-in-code scans code and EXEC commands, not a PROMPT', () => {
  const text = "prompt alter session set statistics_level = all\nexec execute immediate 'alter session set statistics_level = all';\nalter session set statistics_level = all;\n";
  assert.deepEqual(shown(analyzeText(text, { file: 'run.sql' }), 'plan-statistics-in-code'), ['plan-statistics-in-code 2:43-2:65 info', 'plan-statistics-in-code 3:19-3:41 info']);
});

// ---- rules passed in see every item in a walk of their own (:327, :353)

const packageOf = (a: string, b: string, c: string) => `create or replace package body pkg as
  procedure a is
  begin
${a}
  end a;

  procedure b is
  begin
${b}
  end b;

  procedure c is
  begin
${c}
  end c;
end pkg;
/
`;
const loopOver = (table: string) => `    for r in (select id from ${table}) loop\n      update t set v = r.id where id = r.id;\n    end loop;`;

test('round 10b: a rule passed in that counts loops across items is walked whole after every edit', () => {
  const counting: Rule = {
    meta: meta('test-count-loops'),
    create: (context) => {
      let n = 0;
      return { loop(loop) { n++; context.report(loop.statement.range, `loop number ${n}`); } };
    },
  };
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'pkg.pkb', [counting]) // extra rules: every analysis with kept items equals one from scratch;
  const numbers = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'test-count-loops').map((f) => `${f.line} ${f.message}`);
  const opened = doc.edit(packageOf(loopOver('t1'), loopOver('t2'), loopOver('t3')), 'opening');
  assert.deepEqual(numbers(opened), ['4 loop number 1', '11 loop number 2', '18 loop number 3']);
  const edited = doc.edit(packageOf(loopOver('t1'), `${loopOver('t2')}\n${loopOver('t4')}`, loopOver('t3')), 'a loop added to b');
  assert.deepEqual(numbers(edited), ['4 loop number 1', '11 loop number 2', '14 loop number 3', '21 loop number 4']);
  const changed = doc.edit(packageOf(loopOver('t1'), `${loopOver('t2')}\n${loopOver('t5')}`, loopOver('t3')), 'a table renamed in b');
  assert.deepEqual(numbers(changed), ['4 loop number 1', '11 loop number 2', '14 loop number 3', '21 loop number 4']);
});

// ---- a rule whose finish() combines items and is in none of itemCache.ts's lists (:353)

test('round 10b: a registered rule whose finish() is not known to report per item sees every item after every edit', () => {
  const combining: Rule = {
    meta: meta('test-combine-in-finish'),
    create: (context) => {
      const loops: SourceRange[] = [];
      return {
        loop(loop) { loops.push(loop.statement.range); },
        finish() { for (const range of loops) context.report(range, `one of ${loops.length} loops`); },
      };
    },
  };
  withRegistered(combining, () => {
    const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'test-combine-in-finish': { enabled: true } } });
    const counts = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'test-combine-in-finish').map((f) => `${f.line} ${f.message}`);
    assert.deepEqual(counts(doc.edit(packageOf(loopOver('t1'), loopOver('t2'), loopOver('t3')), 'opening')), ['4 one of 3 loops', '11 one of 3 loops', '18 one of 3 loops']);
    const edited = doc.edit(packageOf(loopOver('t1'), loopOver('t4'), loopOver('t3')), 'a table renamed in b');
    assert.deepEqual(counts(edited), ['4 one of 3 loops', '11 one of 3 loops', '18 one of 3 loops']);
    assert.ok(doc.items.reused >= 2, 'a and c replayed');
  });
});

// ---- utl-file-small-buffer combines items once the text has an FOPEN (:326; kills none: the evidence its entry quotes)

const filesBody = (size: number, other: string, write = 'utl_file.put_line(f, r.line);') => `create or replace package body files as
  procedure write_all(f utl_file.file_type) is
  begin
    for r in (select line from src) loop
      ${write}
    end loop;
  end write_all;

  procedure run is
    l_file utl_file.file_type;
  begin
    l_file := utl_file.fopen('DIR', 'out.txt', 'w', ${size});
    write_all(l_file);
    utl_file.fclose(l_file);
  end run;

  procedure other is
  begin
    ${other}
  end other;
end files;
/
`;

test('round 10b: utl-file-small-buffer joins an FOPEN in one item to the writes in a loop of another after every edit', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'files.pkb');
  const small = (r: AnalysisResult) => shown(r, 'utl-file-small-buffer');
  assert.deepEqual(small(doc.edit(filesBody(32767, 'null;'), 'opening with a large buffer')), []);
  assert.deepEqual(small(doc.edit(filesBody(1000, 'null;'), 'the buffer made small in run')), ['utl-file-small-buffer 12:15-12:29 warning']);
  assert.deepEqual(small(doc.edit(filesBody(1000, 'null; null;'), 'an edit of other')), ['utl-file-small-buffer 12:15-12:29 warning']);
  assert.deepEqual(small(doc.edit(filesBody(1000, 'null; null;', 'null;'), 'the write taken out of the loop of write_all')), []);
  assert.deepEqual(small(doc.edit(filesBody(1000, 'null; null;'), 'the write put back')), ['utl-file-small-buffer 12:15-12:29 warning']);
  assert.deepEqual(small(doc.edit(filesBody(32767, 'null; null;'), 'the buffer made large again')), []);
});

// ---- what a registered rule reads or reports outside its item (:264, :297, :342, :343, :398)

const fourProcedures = (m: string, c: string) => `create or replace package body pkg as
  procedure a is
  begin
    for r in (select id from t) loop
      update t set v = r.id where id = r.id;
    end loop;
  end a;

  procedure m is
  begin
    ${m}
  end m;

  procedure c is
  begin
${c}
  end c;
end pkg;
/
`;
/** Line 11, where m's statement is. */
const M_LINE: SourceRange = { line: 11, column: 5, endLine: 11, endColumn: 10 };

test('round 10b: a registered rule reading the text of a sibling item sees an edit of that sibling', () => {
  const reader: Rule = {
    meta: meta('test-reads-sibling-text'),
    create: (context) => ({ loop(loop) { context.report(loop.statement.range, `m says ${context.textIn(M_LINE)}`); } }),
  };
  withRegistered(reader, () => {
    const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'test-reads-sibling-text': { enabled: true } } });
    const says = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'test-reads-sibling-text').map((f) => `${f.line} ${f.message}`);
    assert.deepEqual(says(doc.edit(fourProcedures('null;', '    null;'), 'opening')), ['4 m says null;']);
    const reused = doc.items.reused;
    assert.deepEqual(says(doc.edit(fourProcedures('x:=1;', '    null;'), 'm edited')), ['4 m says x:=1;']);
    assert.deepEqual(says(doc.edit(fourProcedures('x:=1;', '    null; null;'), 'c edited')), ['4 m says x:=1;']);
    assert.ok(doc.items.reused > reused, 'a replayed after the edit of c');
  });
});

test('round 10b: a registered rule asking whether a sibling item has a syntax error sees an edit of that sibling', () => {
  const asker: Rule = {
    meta: meta('test-asks-sibling-syntax'),
    create: (context) => ({ loop(loop) { context.report(loop.statement.range, `m broken: ${context.hasSyntaxErrorIn({ ...M_LINE, endColumn: 40 })}`); } }),
  };
  withRegistered(asker, () => {
    const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'test-asks-sibling-syntax': { enabled: true } } });
    const says = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'test-asks-sibling-syntax').map((f) => `${f.line} ${f.message}`);
    assert.deepEqual(says(doc.edit(fourProcedures('null;', '    null;'), 'opening')), ['4 m broken: false']);
    assert.deepEqual(says(doc.edit(fourProcedures('x := ;', '    null;'), 'a syntax error in m')), ['4 m broken: true']);
    assert.deepEqual(says(doc.edit(fourProcedures('x := 1;', '    null;'), 'm fixed')), ['4 m broken: false']);
    // two errors, one in m: whether some error (not every one) lies in the range asked
    assert.deepEqual(says(doc.edit(fourProcedures('x := ;', '    y := ;'), 'a syntax error in m and one in c')), ['4 m broken: true']);
  });
});

test('round 10b: a registered rule reporting outside its item (where its unit ends) is walked again, not replayed', () => {
  const atEnd: Rule = {
    meta: meta('test-reports-at-unit-end'),
    create: (context) => ({
      loop(_loop, position) {
        const end = position.unit.range.endLine;
        context.report({ line: end, column: 1, endLine: end, endColumn: 4 }, 'the unit of a loop ends here');
      },
    }),
  };
  withRegistered(atEnd, () => {
    const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'test-reports-at-unit-end': { enabled: true } } });
    const ends = (r: AnalysisResult) => shown(r, 'test-reports-at-unit-end');
    assert.deepEqual(ends(doc.edit(fourProcedures('null;', '    null;'), 'opening')), ['test-reports-at-unit-end 18:1-18:4 warning']);
    assert.deepEqual(ends(doc.edit(fourProcedures('null;', '    null;\n    null;'), 'a line added to c')), ['test-reports-at-unit-end 19:1-19:4 warning']);
  });
});

// ---- a replayed item's findings keep what the roles lower them for (:484-:486)

const installBody = (s: string) => `insert into cfg (id) values (1);
create or replace package body inst as
  procedure p is
  begin
    for r in (select table_name from user_tables) loop
      update t set v = 1 where name = r.table_name;
    end loop;
  end p;
  procedure q is
  begin
    for i in 1 .. &n loop
      insert into t values (i);
    end loop;
  end q;
  procedure w is
  begin
    for r in (select id from cfg) loop
      update t set v = r.id where id = r.id;
    end loop;
  end w;
  procedure x is
  begin
    for r in (select id from big) loop
      update t set v = r.id where id = r.id;
    end loop;
  end x;
  procedure s is
  begin
    ${s}
  end s;
end inst;
/
`;

test('round 10b: findings replayed in a file given the deployment role keep their dictionary, run-time count and seed-rows notes', () => {
  const config = parseConfig(JSON.stringify({ roles: { deployment: { paths: ['install/**'] } } }), '/p/.plsqlperf.json', KNOWN_RULE_IDS).analyzer;
  const doc = new OpenDocument(new WorkspaceIndex(), config, '/p/install/inst.pkb');
  const notes = (r: AnalysisResult) => r.findings.map((f) => `${f.rule} ${f.line} ${f.severity} ${/\(in [^)]*\)$/.exec(f.message)?.[0]}`);
  const expected = [
    'dml-in-loop 6 info (in a deployment script, reading the data dictionary: install-time work)',
    'dml-in-loop 12 info (in a script run by hand, in a loop repeated as often as a substitution variable says: a measurement or sampling run)',
    'dml-in-loop 18 info (in a deployment script, in a loop over rows the script seeds itself: install-time work)',
    'dml-in-loop 24 warning (in a deployment script)',
  ];
  assert.deepEqual(notes(doc.edit(installBody('null;'), 'opening')), expected);
  const reused = doc.items.reused;
  assert.deepEqual(notes(doc.edit(installBody('null; null;'), 'an edit of s')), expected);
  assert.equal(doc.items.reused - reused, 4, 'p, q, w and x replayed');
});

// ---- a replayed call's definition taken again from this analysis's definitions (:460; kills none: the evidence its entry quotes)

const overloads = (first: string) => `create or replace package ov as
  procedure a;
end ov;
/
create or replace package body ov as
  procedure a is
    n number;
  begin
    for r in (select id from t) loop
      n := f(1, 2);
    end loop;
  end a;

  function f(p number) return number is
  begin
${first}
  end f;

  function f(p number, q number) return number is
  begin
    return 2;
  end f;
end ov;
/
`;

test('round 10b: a replayed call of an overload whose body grew resolves to that overload, not to the first of its name', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'ov.sql');
  const target = (r: AnalysisResult) => r.semantics.calls.filter((c) => c.name === 'F').map((c) => `${c.range.line} -> ${c.resolution.definition?.nameRange.line}:${c.resolution.definition?.range.endLine}`);
  assert.deepEqual(target(doc.edit(overloads('    return 1;'), 'opening')), ['10 -> 14:17']);
  const reused = doc.items.reused;
  assert.deepEqual(target(doc.edit(overloads('    null;\n    return 1;'), 'a line added to the first f')), ['10 -> 14:18']);
  assert.ok(doc.items.reused > reused, 'a replayed');
});

// ---- a unit context whose places moved while its shape stayed (:449)

const padded = (pad: string) => `create or replace package body pk as
  type t_tab is table of number;
${pad}g_tab t_tab := t_tab();
  procedure a is
  begin
    for r in (select id from t) loop
      g_tab.extend;
    end loop;
  end a;
end pk;
/
`;

test('round 10b: a package declaration shifted right twice: the calls of an item resolve to it at its new column each time', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const symbol = (r: AnalysisResult) => r.semantics.calls.filter((c) => c.name === 'G_TAB.EXTEND').map((c) => { const s = c.resolution.symbol!.range; return `${s.line}:${s.column}-${s.endLine}:${s.endColumn}`; });
  assert.deepEqual(symbol(doc.edit(padded('  '), 'opening')), ['3:3-3:8']);
  assert.deepEqual(symbol(doc.edit(padded('   '), 'a space typed before g_tab')), ['3:4-3:9']);
  assert.deepEqual(symbol(doc.edit(padded('    '), 'another space typed before g_tab')), ['3:5-3:10']);
});

// ---- defect: the last FOPEN of the text deleted (or the first typed) while a loop of another item writes small chunks (:326)

const lobChunks = (word: string) => `create or replace package body lobs as
  procedure x(p_blob in blob, p_file in utl_file.file_type) is
    l_amount binary_integer := 4000;
    l_buffer raw(4000);
    l_pos    integer := 1;
  begin
    while l_pos <= dbms_lob.getlength(p_blob) loop
      dbms_lob.read(p_blob, l_amount, l_pos, l_buffer);
      utl_file.put_raw(p_file, l_buffer, true);
      l_pos := l_pos + l_amount;
    end loop;
  end x;

  procedure y is
  begin
    null; -- ${word}
  end y;
end lobs;
/
`;

test('round 10b: a loop writing 4000-byte LOB chunks keeps its utl-file-small-buffer finding when the only FOPEN of the text (in another item) is deleted and typed again', () => {
  // utl-file-small-buffer walks every item while the text names FOPEN, and reports per loop, item by item, while it
  // does not: the items kept in one mode held none of its findings for the other (the chunk finding was lost)
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'lobs.pkb');
  const chunks = (r: AnalysisResult) => shown(r, 'utl-file-small-buffer');
  for (const word of ['fopen', 'fxpen', 'fopen', 'fxpen', 'fxpen fxpen']) {
    assert.deepEqual(chunks(doc.edit(lobChunks(word), `the comment in y says ${word}`)), ['utl-file-small-buffer 8:7-8:20 warning'], word);
  }
  assert.ok(doc.items.reused > 0, 'x replayed while the mode stays');
});
