/**
 * The editor's per-item reuse of rule results (ItemCache): after every edit, the findings and the editor's
 * semantics (loops for inlay hints, resolved calls for hover) of an analysis that replays unchanged items equal
 * those of a from-scratch analysis of the same text against the same workspace. Each scenario also checks that
 * the edit changed the findings (so equality is not trivially the old result) or that items were replayed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AnalysisResult, AnalyzerConfig } from '../../server/src/analysis/analyze.ts';
import { DOCUMENT_WIDE, ITEM_LOCAL_FINISH, TEXT_FINISH } from '../../server/src/analysis/itemCache.ts';
import { OpenDocument } from './openDocument.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import { largestPackageBody, loadCorpus, packageBodyNear } from '../bench/corpus.ts';

/** Every rule on, the preview ones too (the per-loop finish() rules among them). */
const ALL_RULES: AnalyzerConfig = { rules: Object.fromEntries(PERFORMANCE_RULES.map((r) => [r.meta.id, { enabled: true }])) };

const rulesOf = (result: AnalysisResult) => result.findings.map((f) => `${f.line}:${f.rule}`);

const spec = `create or replace package pkg as
  procedure a;
  procedure b;
  procedure c;
  procedure fail;
end pkg;
/
`;

function body(declarations: string, a: string, b: string, c: string, fail: string): string {
  return `${spec}create or replace package body pkg as
${declarations}
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

  procedure fail is
  begin
${fail}
  end fail;
end pkg;
/
`;
}

const loopA = `    for i in 1 .. c_n loop
      update t set v = v + 1 where id = i;
    end loop;`;
const loopB = `    for r in (select id from t) loop
      if r.id = 0 then
        insert into log_t values (r.id);
        fail;
      end if;
    end loop;`;
const loopC = `    for r in (select id from t) loop
      helper(r.id);
    end loop;`;
const raises = `    raise_application_error(-20001, 'stop');`;

test('item reuse: editing one item of a package body walks it again and replays the others', () => {
  const index = new WorkspaceIndex();
  index.update('helper.prc', 'create or replace procedure helper(p number) as\nbegin\n  null;\nend;\n/\n');
  const doc = new OpenDocument(index);
  const declarations = '  c_n constant pls_integer := 10;';
  doc.edit(body(declarations, loopA, loopB, loopC, raises), 'the first analysis');
  const reusedBefore = doc.items.reused;
  const movedBefore = doc.items.moved;
  const edited = doc.edit(body(declarations, loopA, `${loopB}\n    for j in 1 .. 5 loop\n      delete from t where id = j;\n    end loop;`, loopC, raises), 'an edit of b');
  // a is where it was: replayed; c and fail moved down by the lines added to b: replayed at their new places
  assert.equal(doc.items.reused - reusedBefore, 3, 'a, c and fail are replayed');
  assert.equal(doc.items.moved - movedBefore, 2, 'c and fail are replayed shifted');
  assert.ok(edited.findings.some((f) => f.rule === 'dml-in-loop' && /DELETE/i.test(f.message)), rulesOf(edited).join(' '));
  // an edit inside a line of a: a is walked; b, c and fail (now at their new places since the last parse) replayed
  const reusedThen = doc.items.reused;
  doc.edit(body(declarations, loopA.replace('v + 1', 'v + 2'), `${loopB}\n    for j in 1 .. 5 loop\n      delete from t where id = j;\n    end loop;`, loopC, raises), 'an edit of a');
  assert.equal(doc.items.reused - reusedThen, 3, 'b, c and fail are replayed');
});

test('item reuse: an edit of the package declarations (a loop bound) reaches an unchanged item', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const small = doc.edit(body('  c_n constant pls_integer := 10;', loopA, loopB, loopC, raises), 'a small bound');
  const large = doc.edit(body('  c_n constant pls_integer := 1000000;', loopA, loopB, loopC, raises), 'a large bound');
  const updateIn = (r: AnalysisResult) => r.findings.find((f) => f.rule === 'dml-in-loop' && /UPDATE/i.test(f.message));
  assert.notDeepEqual(updateIn(large), updateIn(small), 'the loop bound reaches the finding in a');
});

test('item reuse: another file an item calls starts or stops running SQL', () => {
  const index = new WorkspaceIndex();
  const quiet = 'create or replace procedure helper(p number) as\nbegin\n  null;\nend;\n/\n';
  const busy = 'create or replace procedure helper(p number) as\nbegin\n  update t set v = p;\nend;\n/\n';
  index.update('helper.prc', quiet);
  const doc = new OpenDocument(index);
  const text = body('  c_n constant pls_integer := 10;', loopA, loopB, loopC, raises);
  const before = doc.edit(text, 'helper runs no SQL');
  index.update('helper.prc', busy);
  const after = doc.edit(text, 'helper runs an UPDATE');
  const hidden = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'hidden-sql-in-loop').length;
  assert.equal(hidden(before), 0, rulesOf(before).join(' '));
  assert.ok(hidden(after) > 0, rulesOf(after).join(' '));
  index.update('helper.prc', quiet);
  assert.equal(hidden(doc.edit(text, 'helper quiet again')), 0);
});

test('item reuse: a sibling that starts or stops always raising changes an unchanged item', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const declarations = '  c_n constant pls_integer := 10;';
  const raising = doc.edit(body(declarations, loopA, loopB, loopC, raises), 'fail raises');
  const quiet = doc.edit(body(declarations, loopA, loopB, loopC, '    null;'), 'fail returns');
  const insertIn = (r: AnalysisResult) => r.findings.filter((f) => /INSERT/i.test(f.message) && f.rule === 'dml-in-loop').map((f) => f.severity + f.message);
  assert.notDeepEqual(insertIn(quiet), insertIn(raising), 'whether fail raises reaches the INSERT in b');
  doc.edit(body(declarations, loopA, loopB, loopC, raises), 'fail raises again');
});

for (const [label, config, near, count] of [['default rules', undefined, 1200, 60], ['every rule on', ALL_RULES, 600, 40]] as const) test(`item reuse: a randomized series of edits on a real package body matches a from-scratch analysis (${label})`, () => {
  const files = loadCorpus();
  const file = packageBodyNear(files, near) ?? largestPackageBody(files);
  assert.ok(file, 'a package body in the corpus');
  const doc = new OpenDocument(new WorkspaceIndex(), config);
  let text = file.text;
  doc.edit(text, 'opening');
  let seed = 15;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const edits: ((lines: string[], at: number) => string)[] = [
    (lines, at) => { lines[at] = `${lines[at]} `; return 'a space at the end of a line'; },
    (lines, at) => { lines[at] = lines[at]!.replace(/\d/, (d) => String((Number(d) + 1) % 10)); return 'a digit changed'; },
    (lines, at) => { lines.splice(at, 0, '    null;'); return 'a statement inserted'; },
    (lines, at) => { lines.splice(at, 1); return 'a line deleted'; },
    (lines, at) => { lines[at] = lines[at]!.slice(0, Math.max(0, lines[at]!.length - 3)); return 'a line cut short (a keystroke in the middle of typing)'; },
    (lines, at) => { lines.splice(at, 0, '    for q in (select 1 x from dual) loop update t set v = q.x; end loop;'); return 'a loop with SQL inserted'; },
  ];
  let replayed = doc.items.reused;
  for (let i = 0; i < count; i++) {
    const lines = text.split('\n');
    const at = random(lines.length);
    const what = edits[random(edits.length)]!(lines, at);
    text = lines.join('\n');
    doc.edit(text, `edit ${i + 1} (${what} at line ${at + 1} of ${file.path})`);
  }
  replayed = doc.items.reused - replayed;
  assert.ok(replayed > count, `items were replayed (${replayed}), walked ${doc.items.walked}`);
});

test('item reuse: a file opened in one item and written in a loop by another is still found when neither is edited', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const writer = `create or replace package body files as
  procedure write_all(f in out utl_file.file_type) is
  begin
    for r in (select txt from t) loop
      utl_file.put_line(f, r.txt);
    end loop;
  end write_all;

  procedure other is
  begin
    null;
  end other;

  procedure run is
    f utl_file.file_type;
  begin
    f := utl_file.fopen('DIR', 'out.txt', 'w');
    write_all(f);
    utl_file.fclose(f);
  end run;
end files;
/
`;
  const first = doc.edit(writer, 'opening');
  assert.ok(first.findings.some((f) => f.rule === 'utl-file-small-buffer'), rulesOf(first).join(' '));
  const reused = doc.items.reused;
  const edited = doc.edit(writer.replace('    null;', '    null; '), 'an edit of other');
  assert.ok(doc.items.reused - reused >= 2, 'write_all and run are replayed');
  assert.ok(edited.findings.some((f) => f.rule === 'utl-file-small-buffer'), rulesOf(edited).join(' '));
});

test('item reuse: a caller of a sibling whose body changed where no rule reads it is replayed', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const declarations = '  c_n constant pls_integer := 10;';
  doc.edit(body(declarations, loopA, loopB, loopC, raises), 'the first analysis');
  const reused = doc.items.reused;
  // fail is edited in place and still always raises: b, which calls it in a loop, asked only that
  doc.edit(body(declarations, loopA, loopB, loopC, raises.replace('-20001', '-20002')), 'an edit of fail that keeps it raising');
  assert.equal(doc.items.reused - reused, 3, 'a, b (a caller of fail) and c are replayed');
});

test('item reuse: a caller of a sibling whose signature changes is walked again', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const declarations = '  c_n constant pls_integer := 10;';
  const text = body(declarations, loopA, loopB, loopC, raises);
  doc.edit(text, 'the first analysis');
  const walked = doc.items.walked;
  doc.edit(text.replace('procedure fail is', 'procedure fail(p_code number default -20001) is').replace('procedure fail;', 'procedure fail(p_code number default -20001);'), 'a parameter added to fail');
  // (the spec's four declarations are walked too: the text after the spec changed)
  assert.equal(doc.items.walked - walked, 8, 'every item is walked: the unit\'s signatures changed');
});

test('item reuse: a caller of a sibling whose name moved is walked again (hover and definition point at the name)', () => {
  // an object type body: its methods resolve to each other through the unit's scope alone (no package member to look up)
  const doc = new OpenDocument(new WorkspaceIndex());
  const typeBody = (b: string) => `create or replace type body counter as
  member procedure a is
  begin
    for k in 1 .. 3 loop
      c;
    end loop;
  end a;

  member procedure b is
  begin
${b}
  end b;

  member procedure c is
  begin
    null;
  end c;
end;
/
`;
  doc.edit(typeBody('    null;'), 'the first analysis');
  const walked = doc.items.walked;
  const moved = doc.edit(typeBody('    null;\n    null;'), 'a line added to b');
  assert.equal(doc.items.walked - walked, 3, 'a (a caller of c) is walked with b and c (moved)');
  const call = moved.semantics.calls.find((c) => c.name === 'C');
  const c = moved.script.units[0]!.views[0]![0]!.subprograms.find((s) => s.name === 'C')!;
  assert.deepEqual(call?.resolution.symbol?.range, c.nameRange);
});

test('item reuse: a sibling that stops writing the file handle it is passed changes the finding at the FOPEN of its caller', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const writer = `create or replace package body files as
  procedure write_all(f in out utl_file.file_type) is
  begin
    for r in (select txt from t) loop
      utl_file.put_line(f, r.txt);
    end loop;
  end write_all;

  procedure run is
    f utl_file.file_type;
  begin
    f := utl_file.fopen('DIR', 'out.txt', 'w');
    write_all(f);
    utl_file.fclose(f);
  end run;
end files;
/
`;
  const small = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'utl-file-small-buffer').length;
  assert.equal(small(doc.edit(writer, 'opening')), 1);
  assert.equal(small(doc.edit(writer.replace('utl_file.put_line(f, r.txt);', 'dbms_output.put_line(r.txt);'), 'write_all writes no more')), 0);
  assert.equal(small(doc.edit(writer, 'write_all writes again')), 1);
});

test('item reuse: small LOB chunks written with PUT_RAW in a loop stay found when another item is edited (a package without FOPEN)', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const chunks = `create or replace package body lobs as
  procedure write_blob(f in out utl_file.file_type, b blob) is
    l_buf raw(2000);
    l_amount pls_integer := 2000;
    l_pos pls_integer := 1;
  begin
    while l_pos <= dbms_lob.getlength(b) loop
      dbms_lob.read(b, l_amount, l_pos, l_buf);
      utl_file.put_raw(f, l_buf);
      l_pos := l_pos + l_amount;
    end loop;
  end write_blob;

  procedure other is
  begin
    null;
  end other;
end lobs;
/
`;
  const small = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'utl-file-small-buffer').length;
  assert.equal(small(doc.edit(chunks, 'opening')), 1, 'the 2000-byte chunk is found');
  assert.equal(small(doc.edit(chunks.replace('    null;', '    null; '), 'an edit of other')), 1);
});

test('item reuse: plan statistics switched on in an unedited item (hint, trace call, setting in a string) stay found, walked with the items', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const tuning = `create or replace package body tuning as
  procedure measure is
    n pls_integer;
  begin
    execute immediate 'alter session set statistics_level = all';
    dbms_monitor.session_trace_enable;
    select /*+ gather_plan_statistics */ count(*) into n from t;
  end measure;

  procedure other is
  begin
    null;
  end other;
end tuning;
/
`;
  const found = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'plan-statistics-in-code').map((f) => f.line);
  assert.deepEqual(found(doc.edit(tuning, 'opening')), [5, 6, 7]);
  const reused = doc.items.reused;
  assert.deepEqual(found(doc.edit(tuning.replace('    null;', '    null; '), 'an edit of other')), [5, 6, 7]);
  assert.equal(doc.items.reused - reused, 1, 'measure is replayed');
  assert.deepEqual(found(doc.edit(tuning.replace(' = all', ' = typical'), 'an edit of measure')), [6, 7]);
});

test('item reuse: typing in the most-called subprogram of a real package body walks that item alone, its callers are replayed', () => {
  const file = largestPackageBody(loadCorpus());
  assert.ok(file, 'a package body in the corpus');
  const doc = new OpenDocument(new WorkspaceIndex());
  const opened = doc.edit(file.text, 'opening');
  const units = opened.script.units.flatMap((u) => u.views[0] ?? []);
  const bodyUnit = units.find((u) => u.unitKind === 'package-body')!;
  // the subprogram called by most others (by name: enough to pick one with many callers)
  const callers = (name: string) => bodyUnit.subprograms.filter((s) => s.name !== name && new RegExp(`\\b${name}\\s*[(;]`, 'i').test(file.text.split('\n').slice(s.range.line - 1, s.range.endLine).join('\n'))).length;
  const target = bodyUnit.subprograms.filter((s) => s.body && s.range.endLine - s.range.line >= 2).map((s) => ({ s, n: callers(s.name) })).sort((a, b) => b.n - a.n)[0]!;
  assert.ok(target.n >= 2, `${target.s.name} has callers`);
  const line = Math.floor((target.s.range.line + target.s.range.endLine) / 2);
  const lines = file.text.split('\n');
  // typed at the end of the line, before a CR of a CR LF file (after it, the CR would end a line of its own)
  const typed = (suffix: string) => [...lines.slice(0, line - 1), lines[line - 1]!.replace(/\r?$/, (cr) => suffix + cr), ...lines.slice(line)].join('\n');
  for (const [text, what] of [[typed(' '), 'a space typed'], [typed('  '), 'another'], [file.text, 'both removed']] as const) {
    const walked = doc.items.walked;
    doc.edit(text, `${what} in ${target.s.name} (line ${line} of ${file.path}, ${target.n} callers)`);
    if (units.length === 1) assert.equal(doc.items.walked - walked, 1, `only ${target.s.name} is walked`);
  }
});

test('item reuse: a FOPEN of the same file in a loop stays found, and one whose name is set later in the loop stays unflagged, when another item is edited (replayed, no walk of its own)', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const files = `create or replace package body files as
  procedure append_all is
    f utl_file.file_type;
  begin
    for r in (select line from lines) loop
      f := utl_file.fopen('DIR', 'out.txt', 'a');
      utl_file.put_line(f, r.line);
      utl_file.fclose(f);
    end loop;
  end append_all;

  procedure copy_each is
    f utl_file.file_type;
    l_name varchar2(100) := 'first.txt';
    cursor c is select name from names;
  begin
    open c;
    while l_name is not null loop
      f := utl_file.fopen('DIR', l_name, 'w');
      utl_file.fclose(f);
      fetch c into l_name;
      exit when c%notfound;
    end loop;
    close c;
  end copy_each;

  procedure other is
  begin
    null;
  end other;
end files;
/
`;
  const found = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'utl-file-open-in-loop').map((f) => f.line);
  assert.deepEqual(found(doc.edit(files, 'opening')), [6]);
  const reused = doc.items.reused;
  assert.deepEqual(found(doc.edit(files.replace('    null;', '    null; '), 'an edit of other')), [6]);
  assert.equal(doc.items.reused - reused, 2, 'append_all and copy_each are replayed');
});

test('item reuse: every rule whose finish() reports is classified (per loop, over the text, or combining items), so that none silently gets a walk of its own per keystroke', () => {
  // a context whose every member is a no-op: create() only keeps it for the hooks
  const context = new Proxy({}, { get: () => () => undefined }) as never;
  const finishing = PERFORMANCE_RULES.filter((rule) => typeof (rule.create(context) as { finish?: unknown }).finish === 'function').map((r) => r.meta.id);
  assert.ok(finishing.includes('utl-file-open-in-loop'), `rules with finish(): ${finishing.join(', ')}`);
  for (const id of finishing) assert.ok(ITEM_LOCAL_FINISH.has(id) || TEXT_FINISH.has(id) || DOCUMENT_WIDE.has(id), `${id} has a finish() no set of itemCache.ts names`);
});
