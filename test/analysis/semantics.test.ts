/** The semantic layer: loop estimates, call resolution, constant propagation, cross-file resolution, isolation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { evaluateNumber, typeLength } from '../../server/src/analysis/semantic/constants.ts';
import { describeResolution } from '../../server/src/analysis/semantic/resolveCall.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';

const estimates = (text: string) => analyzeText(text).semantics.loops.map((l) => l.estimate.text);

test('loop estimates of a query inside a loop of one iteration, inside a WHILE loop, and of two WHILE loops', () => {
  assert.deepEqual(estimates(`declare l_more boolean := true; begin
  for i in 1 .. 1 loop for r in (select order_id from orders) loop null; end loop; end loop;
  while l_more loop for r in (select order_id from orders) loop null; end loop; l_more := false; end loop;
  while l_more loop while l_more loop l_more := false; end loop; end loop;
end;`), [
    'inside a loop of about 1 iteration',
    // one iteration around the query: once per row, not "about 1 times"
    'once per row of the query at line 2',
    'inside a loop',
    'once per row of the query at line 3, inside another loop',
    'inside a loop',
    'inside 2 nested loops',
  ]);
});

test('loop estimates: literal and constant bounds, cursors, queries, collections, WHILE and EXIT WHEN, nesting', () => {
  assert.deepEqual(estimates(`declare c_n constant pls_integer := 2 * 500; begin
  for i in 1 .. 1000000 loop null; end loop;
  for i in reverse 1 .. c_n loop null; end loop;
  for i in 1 .. l_tab.count loop null; end loop;
  for i in 1 .. 10 loop for j in 1 .. 20 loop null; end loop; end loop;
end;`), [
    'inside a loop of about 1,000,000 iterations',
    'inside a loop of about 1,000 iterations',
    'once per element of L_TAB',
    'inside a loop of about 10 iterations',
    'inside nested loops of about 200 iterations in all (2 nested loops)',
  ]);
  assert.deepEqual(estimates(`declare cursor c_orders is select 1 from dual; i pls_integer := 0; begin
  for r in c_orders loop null; end loop;
  for r in (select 1 from dual) loop for i in 1 .. 5 loop null; end loop; end loop;
  while i < 10000 loop i := i + 1; end loop;
  loop i := i + 1; exit when i >= 250; end loop;
  open c_orders; loop fetch c_orders into i; exit when c_orders%notfound; end loop;
  loop null; end loop;
end;`), [
    'once per row of cursor C_ORDERS',
    'once per row of the query at line 3',
    'about 5 times per row of the query at line 3',
    'inside a loop of about 10,000 iterations',
    'inside a loop of about 250 iterations',
    'once per row of cursor C_ORDERS',
    'inside a loop',
  ]);
});

test('constant propagation: literals, names, arithmetic; calls and unknown names are unknown', () => {
  const values: Record<string, number> = { C_CHUNK: 4000, C_TWO: 2 };
  const valueOf = (n: string) => values[n];
  assert.equal(evaluateNumber('4000', valueOf), 4000);
  assert.equal(evaluateNumber('c_chunk * c_two + 1', valueOf), 8001);
  assert.equal(evaluateNumber('(32767)', valueOf), 32767);
  assert.equal(evaluateNumber('f(1)', valueOf), undefined);
  assert.equal(evaluateNumber('l_unknown', valueOf), undefined);
});

const resolutions = (text: string, index?: WorkspaceIndex) =>
  analyzeText(text, { file: 'main.sql', index }).semantics.calls.map((c) => `${c.name}:${c.resolution.kind}`);

test('call resolution: local, same package, other package, standalone, supplied, collection element, type, unresolved', () => {
  const index = new WorkspaceIndex();
  index.update('by2.fnc', 'create or replace function by2(x number) return number as begin return x * 2; end;\n/\n');
  index.update('util.pks', 'create or replace package util as procedure log(p varchar2); end;\n/\n');
  index.update('t_point.tps', 'create or replace type t_point as object (x number, y number);\n/\n');
  const calls = resolutions(`create or replace package body pkg as
  type t_tab is table of number;
  procedure helper is begin null; end;
  procedure run(p_tab t_tab) is
    l_tab t_tab := t_tab();
    l_point t_point := t_point(1, 2);
    function nested_fn(x number) return number is begin return x; end;
  begin
    helper; pkg.helper; nested_fn(1); util.log('x'); by2(1); app.by2(2); dbms_output.put_line(upper('a'));
    l_tab(1) := p_tab(1); mystery(3); l_point.x := 1;
  end;
end pkg;
/
`, index);
  assert.deepEqual(calls, [
    'T_TAB:type', 'T_POINT:type', 'HELPER:same-package', 'PKG.HELPER:same-package', 'NESTED_FN:local', 'UTIL.LOG:other-package',
    'BY2:standalone', 'APP.BY2:standalone', 'DBMS_OUTPUT.PUT_LINE:oracle-supplied', 'UPPER:oracle-supplied',
    'L_TAB:collection-element', 'P_TAB:collection-element', 'MYSTERY:unresolved',
  ]);
});

test('cross-file: a loop calling a standalone function of another file is flagged; a package member is not', () => {
  const index = new WorkspaceIndex();
  index.update('by2.fnc', 'create or replace function by2(x number) return number as begin return x * 2; end;\n/\n');
  index.update('calc.pks', 'create or replace package calc as function by2(x number) return number; end;\n/\n');
  const caller = `begin
  for i in 1 .. 1000 loop
    :x := by2(i);
    :x := calc.by2(i);
  end loop;
end;
/
`;
  const findings = analyzeText(caller, { file: 'caller.sql', index }).findings;
  assert.deepEqual(findings.map((f) => `${f.line}:${f.rule}`), ['3:standalone-call-in-loop']);
  assert.equal(findings[0]!.related?.[0]?.file, 'by2.fnc');
  // without the other file in the workspace the callee is unknown and not flagged by default
  assert.deepEqual(analyzeText(caller, { file: 'caller.sql' }).findings, []);
  // the option turns unresolved one-part callees on, at info (`calc.by2` is most likely a package member)
  const withOption = analyzeText(caller, { file: 'caller.sql', config: { rules: { 'standalone-call-in-loop': { options: { flagUnresolved: true } } } } }).findings;
  assert.deepEqual(withOption.map((f) => `${f.line}:${f.severity}:${f.rule}`), ['3:info:standalone-call-in-loop']);
  // not with the option either: a built-in, and an unknown function inside SQL (the SQL engine's call)
  const builtins = `begin
  for i in 1 .. 1000 loop
    :x := upper(to_char(i));
    select by3(i) into :y from dual;
  end loop;
end;
/
`;
  const options = { file: 'caller.sql', config: { rules: { 'standalone-call-in-loop': { options: { flagUnresolved: true } } } } };
  assert.deepEqual(analyzeText(builtins, options).findings.filter((f) => f.rule === 'standalone-call-in-loop'), []);
});

test('configuration turns rules off and moves their severity', () => {
  const text = 'begin for i in 1 .. 1000 loop insert into t values (i); end loop; end;\n/\n';
  assert.deepEqual(analyzeText(text).findings.map((f) => `${f.rule}:${f.severity}`), ['dml-in-loop:warning']);
  assert.deepEqual(analyzeText(text, { config: { rules: { 'dml-in-loop': { enabled: false } } } }).findings, []);
  assert.deepEqual(analyzeText(text, { config: { rules: { 'dml-in-loop': { severity: 'error' } } } }).findings.map((f) => f.severity), ['error']);
});

test('a rule that throws becomes an internal-error finding and the other rules still report', () => {
  const throwing: Rule = {
    meta: { id: 'always-throws', defaultSeverity: 'warning', status: 'preview', summary: 'throws on every loop, for the test', remedy: 'none at all', fixKind: 'none', docPath: 'docs/rules/always-throws.md' },
    create: () => ({ loop() { throw new Error('boom'); } }),
  };
  const text = 'begin for i in 1 .. 1000 loop insert into t values (i); end loop; end;\n/\n';
  const findings = analyzeText(text, { extraRules: [throwing] }).findings;
  assert.deepEqual(findings.map((f) => f.rule), ['internal-error', 'dml-in-loop']);
  assert.match(findings[0]!.message, /rule always-throws failed on this file \(Error: boom\)/);
});

test('a rule that reports an absence does not run on a statement rebuilt by error recovery', () => {
  const clean = 'declare l_t t; cursor c is select 1 from dual; begin open c; fetch c bulk collect into l_t; end;\n/\n';
  assert.deepEqual(analyzeText(clean).findings.map((f) => f.rule), ['bulk-collect-without-limit']);
  const broken = 'declare l_t t; cursor c is select 1 from dual; begin open c; fetch c bulk collect into l_t limit ; end;\n/\n';
  assert.ok(!analyzeText(broken).findings.some((f) => f.rule === 'bulk-collect-without-limit'));
});

test('the walk visits each call once: declarations and nested subprograms of a body are not walked twice', () => {
  const calls = analyzeText(`create or replace procedure outer_proc is
  l_a number := f_one();
  procedure inner_proc is l_b number := f_two(); begin f_three; end;
begin
  inner_proc;
end;
/
`).semantics.calls.map((c) => c.name);
  assert.deepEqual(calls, ['F_ONE', 'F_TWO', 'F_THREE', 'INNER_PROC']);
});

test('call resolution with the schema written: schema.package.member, SYS-qualified supplied packages and built-ins', () => {
  const index = new WorkspaceIndex();
  index.update('util.pks', 'create or replace package util as procedure log(p varchar2); end;\n/\n');
  index.update('util.pkb', 'create or replace package body util as procedure log(p varchar2) is begin null; end; end;\n/\n');
  const calls = resolutions(`create or replace package body pkg as
  procedure helper is begin null; end;
  procedure run is
    l_n number;
  begin
    app.util.log('x'); app.pkg.helper; sys.dbms_output.put_line('y'); l_n := sys.upper('a'); l_n := sys.nvl(1, 2);
    app.nowhere.f(1);
  end;
end pkg;
/
`, index);
  assert.deepEqual(calls, [
    'APP.UTIL.LOG:other-package', 'APP.PKG.HELPER:same-package', 'SYS.DBMS_OUTPUT.PUT_LINE:oracle-supplied',
    'SYS.UPPER:oracle-supplied', 'SYS.NVL:oracle-supplied', 'APP.NOWHERE.F:unresolved',
  ]);
});

test('known counts: a collection built from literals has as many elements as the literals written', () => {
  const over = (declaration: string, body = '') =>
    estimates(`declare type t_vals is table of varchar2(30); l_vals t_vals${declaration}; begin ${body} for i in 1 .. l_vals.count loop null; end loop; end;`);
  // a comma or parenthesis inside a literal, a doubled quote, q-quotes, numbers, NULL, TRUE, DATE literals
  assert.deepEqual(over(` := t_vals('a,b', 'c', 'it''s (x)')`), ['inside a loop of about 3 iterations']);
  assert.deepEqual(over(` := t_vals(1, -2, 3.5, 1e3, null, true, date '2024-01-01', q'[a,b]')`), ['inside a loop of about 8 iterations']);
  assert.deepEqual(over(' := t_vals( )'), ['inside a loop of about 0 iterations']);
  // one element at a time after an empty constructor
  assert.deepEqual(over(' := t_vals()', `l_vals.extend; l_vals(l_vals.last) := 'a'; l_vals.extend; l_vals(l_vals.last) := 'b';`), ['inside a loop of about 2 iterations']);
  // anything but literals: the count is not known
  assert.deepEqual(over(" := t_vals(to_char(1), 'x')"), ['once per element of L_VALS']);
  assert.deepEqual(over(" := t_vals('a')", 'select name bulk collect into l_vals from customers;'), ['once per element of L_VALS']);
});

test('editor semantics: each loop and call once across conditional-compilation views, and the call under a position', () => {
  // the editor's inlay hints and hover read these: a $IF inside an expression is parsed once per branch (two model
  // views), and the loop and the calls outside the branch stand in both
  const { script, semantics } = analyzeText(`create or replace procedure load_orders is
  l_total number := 0;
begin
  for i in 1 .. 10 loop
    l_total := l_total + $if dbms_db_version.ver_le_11 $then old_price(i) $else new_price(i) $end;
    audit_row(i); count_row(i);
    billing_api
      .post(i);
  end loop;
end;
/
`);
  assert.equal(script.units[0]!.views.length, 2);
  assert.deepEqual(semantics.loops.map((l) => [l.range.line, l.depth, l.loopKind, l.estimate.text]), [[4, 1, 'numeric-for', 'inside a loop of about 10 iterations']]);
  assert.deepEqual(semantics.calls.map((c) => [c.name, c.nameRange.line, c.nameRange.column, c.loop?.text, c.loopHeader?.line]).sort(), [
    ['AUDIT_ROW', 6, 5, 'inside a loop of about 10 iterations', 4],
    ['BILLING_API.POST', 7, 5, 'inside a loop of about 10 iterations', 4],
    ['COUNT_ROW', 6, 19, 'inside a loop of about 10 iterations', 4],
    ['NEW_PRICE', 5, 81, 'inside a loop of about 10 iterations', 4],
    ['OLD_PRICE', 5, 62, 'inside a loop of about 10 iterations', 4],
  ]);
  // the name covers its first column up to (not including) its end column, over its lines
  const at = (line: number, column: number) => semantics.callAt(line, column)?.name;
  assert.equal(at(6, 5), 'AUDIT_ROW');
  assert.equal(at(6, 13), 'AUDIT_ROW');
  assert.equal(at(6, 4), undefined);
  assert.equal(at(6, 14), undefined);
  assert.equal(at(6, 19), 'COUNT_ROW');
  assert.equal(at(5, 62), 'OLD_PRICE');
  assert.equal(at(5, 85), 'NEW_PRICE');
  assert.equal(at(5, 5), undefined);
  // BILLING_API on line 7, .POST on line 8: a column left of the start on the last line, right of the end on the first
  assert.equal(at(8, 3), 'BILLING_API.POST');
  assert.equal(at(7, 20), 'BILLING_API.POST');
  assert.equal(at(8, 12), undefined);
  assert.equal(at(7, 4), undefined);
  assert.equal(at(9, 5), undefined);
  assert.equal(at(3, 5), undefined);
});

test('loop estimates: 21c iteration controls, steps, WHEN/WHILE filters, parenthesised and collection bounds', () => {
  assert.deepEqual(estimates(`declare c_n constant pls_integer := 4; begin
  for i in 1 .. 3, 10 .. 12 by 2 loop null; end loop;
  for i in 1 .. 100 by c_n loop null; end loop;
  for i in 1 .. 10 by 0 loop null; end loop;
  for i in 1 .. 10 by l_step loop null; end loop;
  for i in 1 .. 20 when mod(i, 2) = 0 loop null; end loop;
  for i in 1 .. 20 while i < 5 loop null; end loop;
  for i in reverse 1 .. (c_n + 1) * 2 loop null; end loop;
  for i in 10 .. 1 loop null; end loop;
  for i in 1 .. l_tab.last() loop null; end loop;
  for i in 1 .. "My_Tab" . count loop null; end loop;
  for i in 1 .. l_tab.count + 1 loop null; end loop;
  for i in l_lo .. 10 loop null; end loop;
  for i in 1 .. 10, 1 .. l_n loop null; end loop;
end;`), [
    'inside a loop of about 5 iterations', // 1, 2, 3, 10, 12
    'inside a loop of about 25 iterations',
    'inside a loop', // BY 0 raises at run time
    'inside a loop',
    'inside a loop of about 20 iterations', // a WHEN filter skips bodies, not iterations of the range
    'inside a loop of about 20 iterations', // (at most)
    'inside a loop of about 10 iterations',
    'inside a loop of about 0 iterations', // a range from high to low runs no iteration
    'once per element of L_TAB',
    'once per element of "MY_TAB"',
    'inside a loop',
    'inside a loop',
    'inside a loop',
  ]);
});

test('loop estimates: WHILE conditions either way round, cursor attributes, collection iterands', () => {
  assert.deepEqual(estimates(`declare c_max constant pls_integer := 300; i pls_integer := 0; begin
  while i <= 500 loop i := i + 1; end loop;
  while (i < c_max) loop i := i + 1; end loop;
  while 700 > i loop i := i + 1; end loop;
  while c_max >= i loop i := i + 1; end loop;
  while i < 0 loop i := i + 1; end loop;
  while c1%found loop fetch c1 into i; end loop;
  while not c2 % notfound loop null; end loop;
  while l_done = false loop null; end loop;
  while i < 10.6 loop i := i + 1; end loop;
end;`), [
    'inside a loop of about 500 iterations',
    'inside a loop of about 300 iterations',
    'inside a loop of about 700 iterations',
    'inside a loop of about 300 iterations',
    'inside a loop',
    'once per row of cursor C1',
    'once per row of cursor C2',
    'inside a loop',
    'inside a loop of about 11 iterations',
  ]);
  assert.deepEqual(estimates(`declare type t is table of number; l_tab t; begin
  for v in values of l_tab loop null; end loop;
  for i, v in pairs of l_map loop null; end loop;
  for v in indices of l_tab loop null; end loop;
end;`), ['once per element of L_TAB', 'once per element of L_MAP', 'once per element of L_TAB']);
});

test('loop estimates: basic loops ended by a counter, a cursor or a bulk fetch', () => {
  assert.deepEqual(estimates(`declare c_max constant pls_integer := 50; i pls_integer := 0; cursor c1 is select 1 from dual; begin
  loop if i > 0 then i := i + 1; else i := i + 1; end if; exit when i >= c_max; end loop;
  loop case when i > 0 then i := i + 1; else null; end case; exit when i > 60; end loop;
  loop begin i := i + 1; end; exit when i = 70; end loop;
  loop i := i + 2; exit when i >= 80; end loop;
  loop i := i + 1; l_max := 5; exit when i >= l_max; end loop;
  loop i := i + 1; exit when i >= 0; end loop;
  loop i := i + 1; exit outer when i >= 90; end loop;
  loop i := i + 1; exit when j >= 90; end loop;
  <<outer>> loop i := i + 1; exit outer when i >= 95; end loop;
  loop fetch c1 bulk collect into l_tab limit c_max; exit when l_tab.count = 0; end loop;
  loop fetch c1 bulk collect into l_tab limit 100; exit when c1%notfound; end loop;
  loop open c2; fetch c2 into l_x; close c2; i := i + 1; exit when i >= 40; end loop;
  loop fetch c1 into l_x; fetch c2 into l_y; exit when c2%notfound; end loop;
  loop fetch c1 into l_x; fetch c2 into l_y; exit when i > 3; end loop;
  loop exit; end loop;
  loop i := i + 1; exit when i >= 10.4; end loop;
  loop begin i := i + 1; l_max := 1; end; exit when i >= l_max; end loop;
  loop if i > 0 then c_lim := 2; end if; i := i + 1; exit when i >= c_lim; end loop;
end;`), [
    'inside a loop of about 50 iterations',
    'inside a loop of about 60 iterations',
    'inside a loop of about 70 iterations',
    'inside a loop', // stepped by two
    'inside a loop', // the body changes the bound
    'inside a loop',
    'inside a loop of about 90 iterations',
    'inside a loop', // J is not what the body steps
    'inside a loop of about 95 iterations',
    'once per batch fetched from cursor C1',
    'once per batch fetched from cursor C1',
    'inside a loop of about 40 iterations', // C2 is opened anew each iteration: its fetch is a lookup
    'once per row of cursor C2',
    'inside a loop', // two cursors, neither named by the exit
    'inside a loop',
    'inside a loop of about 10 iterations',
    'inside a loop', // the bound changes in a block
    'inside a loop', // ... or in a branch
  ]);
});

/** Per loop: its line, its estimate, and whether it walks the dictionary, rows the script seeds, or a count given at run time. */
const loopFlags = (text: string) => analyzeText(text).semantics.loops.map((l) =>
  [l.range.line, l.estimate.text, l.estimate.overDictionary ?? false, l.estimate.overSeedRows ?? false, l.estimate.countGivenAtRun ?? false].join(' | '));

test('loop estimates: loops over the data dictionary, directly, through a cursor or through a collection bulk-collected from it', () => {
  assert.deepEqual(loopFlags(`declare
  cursor c_tabs is select table_name from user_tables;
  cursor c_orders is select id from orders;
  type t_names is table of varchar2(128);
  l_names t_names; l_ids t_names; l_other t_names; l_late t_names;
  cursor c_objs is select object_name from dba_objects;
begin
  for r in c_tabs loop for i in 1 .. 3 loop null; end loop; end loop;
  for r in c_orders loop null; end loop;
  for r in (select view_name from all_views) loop null; end loop;
  for r in (select view_name from all_views v join orders o on o.id = v.view_name) loop null; end loop;
  open c_tabs; loop fetch c_tabs bulk collect into l_names limit 100; exit when l_names.count = 0; end loop;
  select table_name bulk collect into l_names from user_tables;
  for i in 1 .. l_names.count loop null; end loop;
  select id bulk collect into l_ids from orders;
  for i in 1 .. l_ids.count loop null; end loop;
  open c_objs; fetch c_objs bulk collect into l_other, l_ids; close c_objs;
  for i in 1 .. l_ids.count loop null; end loop;
  for i in 1 .. l_other.count loop null; end loop;
  for i in 1 .. l_late.count loop null; end loop;
  select table_name bulk collect into l_late from user_tables;
  select owner, table_name bulk collect into l_ids, l_other from all_tables;
  for i in 1 .. l_other.count loop null; end loop;
  open c_tabs; loop fetch c_tabs into l_x; exit when c_tabs%notfound; end loop;
end;
/`), [
    '8 | once per row of cursor C_TABS | true | false | false',
    '8 | about 3 times per row of cursor C_TABS | true | false | false', // inside a dictionary loop
    '9 | once per row of cursor C_ORDERS | false | false | false',
    '10 | once per row of the query at line 10 | true | false | false',
    '11 | once per row of the query at line 11 | false | false | false', // joins an application table
    '12 | once per batch fetched from cursor C_TABS | true | false | false',
    '14 | once per element of L_NAMES | true | false | false',
    '16 | once per element of L_IDS | false | false | false', // filled from ORDERS
    '18 | once per element of L_IDS | true | false | false', // filled again, from DBA_OBJECTS, before this loop
    '19 | once per element of L_OTHER | true | false | false',
    '20 | once per element of L_LATE | false | false | false', // filled only after the loop
    '23 | once per element of L_OTHER | true | false | false', // the second of two INTO targets
    '24 | once per row of cursor C_TABS | true | false | false',
  ]);
});

test('loop estimates: loops over rows the script seeds itself, and counts typed in when a SQL*Plus script runs', () => {
  assert.deepEqual(loopFlags(`insert into demo_rows values (1, 'a');
insert into demo_rows values (2, 'b');
declare
  cursor c_demo is select * from demo_rows;
begin
  open c_demo; loop fetch c_demo into l_row; exit when c_demo%notfound; end loop;
  for r in (select * from demo_rows) loop for i in 1 .. 2 loop null; end loop; end loop;
  for r in (select * from demo_rows d join orders o on o.id = d.id) loop null; end loop;
  for r in (select * from scott.demo_rows) loop null; end loop;
  for r in (select 1 from dual connect by level <= 3) loop null; end loop;
end;
/`), [
    '6 | once per row of cursor C_DEMO | false | true | false',
    '7 | once per row of the query at line 7 | false | true | false',
    '7 | about 2 times per row of the query at line 7 | false | true | false',
    '8 | once per row of the query at line 8 | false | false | false',
    '9 | once per row of the query at line 9 | false | true | false',
    '10 | once per row of the query at line 10 | false | false | false',
  ]);
  assert.deepEqual(loopFlags(`declare
  v_cycle integer := &2;
  v_n integer := '&&n';
  v_m integer := 10;
begin
  for i in 1 .. &&iterations loop for j in 1 .. 3 loop null; end loop; end loop;
  for i in 1 .. v_cycle loop null; end loop;
  for i in 1 .. v_n by l_step * 2 loop null; end loop;
  for i in 1 .. v_m loop null; end loop;
  for i in 1 .. v_cycle + 1 loop null; end loop;
  while i < v_cycle loop null; end loop;
  for i in 1 .. &n loop null; end loop;
  for i in 1..&&loops loop null; end loop;
  for i in 1 .. &&n - 1 loop null; end loop;
end;
/`), [
    '6 | inside a loop | false | false | true',
    '6 | inside loops of at least about 3 iterations (2 nested loops) | false | false | true',
    '7 | inside a loop | false | false | true',
    '8 | inside a loop | false | false | true',
    '9 | inside a loop of about 10 iterations | false | false | false',
    '10 | inside a loop | false | false | false',
    '11 | inside a loop | false | false | false',
    '12 | inside a loop | false | false | true',
    '13 | inside a loop | false | false | true',
    '14 | inside a loop | false | false | true',
  ]);
});

test('FORALL estimates: a function its DML calls runs once per element bound (INDICES OF, VALUES OF, a range)', () => {
  const { findings } = analyzeText(`create or replace function by2(p number) return number is begin return p * 2; end;
/
create or replace procedure double_amounts(p_ids in sys.odcinumberlist, p_idx in sys.odcinumberlist) is
  c_batch constant pls_integer := 40;
begin
  forall k in indices of p_ids
    update orders set amount = by2(amount) where order_id = p_ids(k);
  forall k in values   of  p_idx
    update orders set amount = by2(amount) where order_id = p_ids(k);
  forall k in 1 .. c_batch
    update orders set amount = by2(amount) where order_id = p_ids(k);
  forall k in 1 .. p_ids.count
    update orders set amount = by2(amount) where order_id = p_ids(k);
end;
/
`);
  const perElement = findings.filter((f) => f.rule === 'standalone-call-in-loop')
    .map((f) => [f.line, f.severity, /each call pins it in the library cache, (.*?) \(FORALL/.exec(f.message)?.[1]]);
  assert.deepEqual(perElement, [
    [7, 'warning', 'once per element of P_IDS'],
    [9, 'warning', 'once per element of P_IDX'],
    [11, 'info', 'inside a loop of about 40 iterations'], // a small known count is cold
    [13, 'warning', 'once per element of P_IDS'],
  ]);
});

test('loop estimates: conditions written without spaces or over lines, parenthesised bounds, a fetch inside a branch', () => {
  assert.deepEqual(estimates(`declare c_max constant pls_integer := 300; l_n pls_integer := 0; begin
  while l_n<c_max loop l_n := l_n + 1; end loop;
  while ( l_n < 100 ) loop l_n := l_n + 1; end loop;
  while 700>l_n loop l_n := l_n + 1; end loop;
  loop l_n := l_n + 1; exit when l_n>=120; end loop;
  loop
    l_n := l_n + 1;
    exit
      when l_n >= 130;
  end loop;
  for i in (c_max - 3) .. c_max loop null; end loop;
  for i in 1, 2, 3 loop null; end loop;
  loop
    if l_n > 0 then fetch c1 into l_x; end if;
    exit when c1%notfound;
  end loop;
end;`), [
    'inside a loop of about 300 iterations',
    'inside a loop of about 100 iterations',
    'inside a loop of about 700 iterations',
    'inside a loop of about 120 iterations',
    'inside a loop of about 130 iterations',
    'inside a loop of about 4 iterations',
    'inside a loop', // 21c single-value iterands: not counted
    'once per row of cursor C1',
  ]);
});

test('loop estimates: a cursor FOR loop whose query fixes a whole key, or stops at one row, runs at most once', () => {
  const once = (key: string) => `at most once (its query fixes the primary key of ${key})`;
  const rows = (line: number) => `once per row of the query at line ${line}`;
  const loops = analyzeText(`create table orders (order_id number primary key, customer_id number, status varchar2(10));
create table order_lines (order_id number, line_no number, qty number, constraint order_lines_pk primary key (order_id, line_no));
create table "Mixed" ("Id" number primary key, val number);
declare l_id number := 1; l_n number := 2; cursor c_one is select * from orders where order_id = l_id; begin
  for r in (select * from orders where order_id = l_id) loop null; end loop;
  for r in (select * from orders o where o.order_id = l_id) loop null; end loop;
  for r in (select * from orders o where l_id = o.order_id and status = 'OPEN') loop null; end loop;
  for r in (select * from orders where order_id = l_id or status = 'X') loop null; end loop;
  for r in (select * from orders where (order_id = l_id)) loop null; end loop;
  for r in (select * from orders where customer_id = l_id) loop null; end loop;
  for r in (select * from order_lines where order_id = l_id and line_no = l_n) loop null; end loop;
  for r in (select * from order_lines where order_id = l_id) loop null; end loop;
  for r in (select * from order_lines ol where ol.order_id = l_id and ol.line_no = ol.order_id) loop null; end loop;
  for r in (select * from orders where order_id = customer_id) loop null; end loop;
  for r in (select * from orders where order_id = l_id group by status) loop null; end loop;
  for r in (select * from orders where rownum = 1) loop null; end loop;
  for r in (select * from orders where status = 'X' and rownum<2) loop null; end loop;
  for r in (select * from orders order by order_id fetch first 1 row only) loop null; end loop;
  for r in (select * from orders order by order_id fetch  next 1 rows only) loop null; end loop;
  for r in (select * from orders where order_id = l_id /* the key */ -- the caller's order
  ) loop null; end loop;
  for r in (select * from "Mixed" where "Id" = l_id) loop null; end loop;
  for r in (select * from orders x, order_lines y where x.order_id = l_id) loop null; end loop;
  for r in (select * from orders where order_id = l_id order by order_id) loop null; end loop;
  for r in (select * from orders where 'OPEN' = status and order_id = 'it''s (x)') loop null; end loop;
  for r in (select * from orders where order_id >= l_id) loop null; end loop;
  for r in (select * from orders where order_id = l_id connect by prior order_id = customer_id) loop null; end loop;
  for r in c_one loop null; end loop;
  for r in (select * from orders where order_id = l_id or l_id is null) loop null; end loop;
  for r in (select * from orders where order_id = l_id and (status = 'OPEN' or status = 'HELD')) loop null; end loop;
  for r in (select * from orders where order_id = l_id and note = 'this or that') loop null; end loop;
  for r in (select * from orders where order_id = l_id /* or by customer */) loop null; end loop;
  for r in (select * from orders where order_id = l_id -- or by customer
  ) loop null; end loop;
  for r in (select * from orders where order_id = l_id union select * from orders where order_id = l_n) loop null; end loop;
  for r in (select * from orders where rownum=1) loop null; end loop;
  for r in (select * from orders where rownum <= 1) loop null; end loop;
  for r in (select * from orders where rownum < 2) loop null; end loop;
  for r in (select * from orders where rownum <= 10) loop null; end loop;
  for r in (select * from (select * from orders) where order_id = l_id) loop null; end loop;
  for r in (select * from orders where order_id=l_id) loop null; end loop;
end;
/`).semantics.loops.map((l) => [l.range.line, l.estimate.text]);
  assert.deepEqual(loops, [
    [5, once('ORDERS (ORDER_ID, declared at line 1)')],
    [6, once('ORDERS (ORDER_ID, declared at line 1)')],
    [7, once('ORDERS (ORDER_ID, declared at line 1)')],
    [8, rows(8)], // OR: either side may match many rows
    [9, once('ORDERS (ORDER_ID, declared at line 1)')],
    [10, rows(10)], // not a key
    [11, once('ORDER_LINES (ORDER_ID, LINE_NO, declared at line 2)')],
    [12, rows(12)], // half of the key
    [13, rows(13)], // a key column compared with another column of the row
    [14, rows(14)],
    [15, rows(15)], // GROUP BY
    [16, 'at most once (it stops at ROWNUM 1)'],
    [17, 'at most once (it stops at ROWNUM 1)'],
    [18, 'at most once (it fetches the first row only)'],
    [19, 'at most once (it fetches the first row only)'],
    [20, once('ORDERS (ORDER_ID, declared at line 1)')], // comments left out
    [22, once('Mixed (Id, declared at line 3)')],
    [23, rows(23)], // a join
    [24, once('ORDERS (ORDER_ID, declared at line 1)')],
    [25, once('ORDERS (ORDER_ID, declared at line 1)')], // quotes and parentheses inside a literal
    [26, rows(26)],
    [27, rows(27)], // CONNECT BY
    [28, once('ORDERS (ORDER_ID, declared at line 1)')], // a declared cursor's query
    [29, rows(29)], // the key or every row
    [30, once('ORDERS (ORDER_ID, declared at line 1)')], // an OR inside parentheses
    [31, once('ORDERS (ORDER_ID, declared at line 1)')], // an OR inside a literal
    [32, once('ORDERS (ORDER_ID, declared at line 1)')], // ... inside a comment
    [33, once('ORDERS (ORDER_ID, declared at line 1)')],
    [35, rows(35)], // UNION
    [36, 'at most once (it stops at ROWNUM 1)'],
    [37, 'at most once (it stops at ROWNUM 1)'],
    [38, 'at most once (it stops at ROWNUM 1)'],
    [39, rows(39)],
    [40, rows(40)], // an inline view
    [41, once('ORDERS (ORDER_ID, declared at line 1)')],
  ]);
});

test('per-row contexts: a function SQL calls on many rows, with how many statements call it; a row trigger points at its name', () => {
  const calls = [
    'update orders set total = order_total(id);',
    'insert into order_copy select id, order_total(id) from orders;',
    'delete from orders where total <> order_total(id);',
  ];
  const inFunction = (n: number) => analyzeText(`create or replace package body order_api as
  function order_total(p_id number) return number is
    l_total number;
  begin
    select sum(amount) into l_total from order_lines where order_id = p_id;
    return l_total;
  end;
  procedure refresh is
  begin
  ${calls.slice(0, n).join('\n  ')}
  end;
end order_api;
/`).findings.filter((f) => f.rule === 'select-into-in-loop').map((f) => [f.line, f.severity, /^SELECT \.\.\. INTO runs (.*?):/.exec(f.message)?.[1], f.related?.[0]?.range.line, f.related?.[0]?.range.column]);
  assert.deepEqual(inFunction(1), [[5, 'warning', 'once per row of the UPDATE at line 10', 2, 12]]);
  assert.deepEqual(inFunction(2), [[5, 'warning', 'once per row of the UPDATE at line 10 (and 1 more statement)', 2, 12]]);
  assert.deepEqual(inFunction(3), [[5, 'warning', 'once per row of the UPDATE at line 10 (and 2 more statements)', 2, 12]]);

  const { findings } = analyzeText(`create or replace trigger orders_biu
  before insert or update on orders
  for each row
begin
  update audit_log set n = n + 1;
end;
/
create or replace trigger orders_compound
for insert on orders
compound trigger
  before each row is
  begin
    update order_counts set n = n + 1;
  end before each row;
end orders_compound;
/`);
  assert.deepEqual(findings.map((f) => [f.line, f.rule, f.severity, f.loop?.text, f.related?.map((r) => [r.range.line, r.range.column, r.range.endLine, r.range.endColumn])]), [
    [5, 'dml-in-loop', 'warning', 'once per row of the triggering statement', [[1, 27, 1, 37]]],
    [13, 'dml-in-loop', 'warning', 'once per row of the triggering statement', [[8, 27, 8, 42]]],
  ]);
});

test('call resolution: a schema-qualified package body, a package spec, a type body, a block-local procedure', () => {
  assert.deepEqual(resolutions(`create or replace package body scott.order_api as
  procedure helper is begin null; end;
  procedure run is
  begin
    order_api.helper;
    declare
      procedure helper2 is begin null; end;
    begin
      helper2;
    end;
  end;
end order_api;
/
create or replace type body t_money as
  member function plus(p t_money) return t_money is begin return null; end;
  member function twice return t_money is begin return plus(self); end;
end;
/
create or replace package order_spec as
  c_limit constant pls_integer := order_spec.limit_of(1);
  function limit_of(p number) return number;
end;
/
`), ['ORDER_API.HELPER:same-package', 'HELPER2:local', 'PLUS:local', 'ORDER_SPEC.LIMIT_OF:same-package']);
});

test('loop estimates: a counter against a variable bound counts only when nothing in the body changes the bound or steps otherwise', () => {
  assert.deepEqual(estimates(`declare l_max pls_integer := 40; i pls_integer := 0; l_x pls_integer; begin
  loop i := i + 1; exit when i >= l_max; end loop;
  loop i := i + 1; if i = 3 then l_max := 80; else null; end if; exit when i >= l_max; end loop;
  loop i := i + 1; begin l_max := 80; end; exit when i >= l_max; end loop;
  loop i := i + 1; case when i = 3 then l_max := 80; end case; exit when i >= l_max; end loop;
  loop l_x := 0; i := i + 1; exit when i >= 50; end loop;
  loop if i > 3 then i := i + 1; else i := i + 2; end if; exit when i >= 60; end loop;
  loop begin i := i + 2; end; i := i + 1; exit when i >= 70; end loop;
  loop i := i + 1; l_max := l_max + 1; exit when i >= l_max; end loop;
end;`), [
    'inside a loop of about 40 iterations',
    'inside a loop', // the bound changes in one branch
    'inside a loop', // ... in a block
    'inside a loop', // ... in a CASE
    'inside a loop of about 50 iterations', // another variable assigned: still a counter
    'inside a loop', // stepped by two on one branch
    'inside a loop', // ... in a block
    'inside a loop', // the bound moves with the counter
  ]);
});

test('loop estimates: an inner loop of unknown count makes the total a lower bound', () => {
  const outer = 'inside a loop of about 10 iterations';
  const atLeast = 'inside loops of at least about 10 iterations (2 nested loops)';
  assert.deepEqual(estimates(`begin
  for i in 1 .. 10 loop for j in 1, 2, 3 loop null; end loop; end loop;
  for i in 1 .. 10 loop for j in 1 .. 10 by l_step loop null; end loop; end loop;
  for i in 1 .. 10 loop while l_more loop null; end loop; end loop;
  for i in 1 .. 10 loop loop exit when l_done; end loop; end loop;
end;`), [outer, atLeast, outer, atLeast, outer, atLeast, outer, atLeast]);
});

test('loop estimates: a polling loop says which sleep or wait paces it, also from a block in its body', () => {
  assert.deepEqual(estimates(`begin
  loop exit when job_done; dbms_lock.sleep(5); end loop;
  loop exit when job_done; begin sys.dbms_session.sleep(1); exception when others then null; end; end loop;
  loop exit when job_done; begin null; end; begin dbms_alert.waitone('x', l_msg, l_status, 60); end; end loop;
  for i in 1 .. 3 loop for j in 1 .. 2 loop dbms_lock.sleep(1); end loop; end loop;
  loop exit when job_done; my_pkg.sleep(1); end loop;
end;`), [
    'inside a loop, waiting in DBMS_LOCK.SLEEP each time',
    'inside a loop, waiting in DBMS_SESSION.SLEEP each time',
    'inside a loop, waiting in DBMS_ALERT.WAITONE each time',
    'inside a loop of about 3 iterations', // the sleep is in the inner loop: it paces that one
    'inside nested loops of about 6 iterations in all (2 nested loops), waiting in DBMS_LOCK.SLEEP each time',
    'inside a loop', // an application procedure named SLEEP
  ]);
});

test('the walk visits each declaration and nested subprogram once: package bodies, standalone units, anonymous blocks', () => {
  // the editor's hover and inlay hints list each call once; a declaration walked twice would repeat its calls
  const calls = analyzeText(`create or replace package body order_api as
  g_rate number := rate_of(1);
  function rate_of(p number) return number is l_x number := abs(p); begin return l_x; end;
  procedure run is
    l_y number := rate_of(2);
    procedure inner_step is begin dbms_output.put_line('a'); end;
  begin
    inner_step;
  end;
begin
  g_rate := rate_of(3);
end order_api;
/
create or replace procedure standalone_run is
  l_z number := trunc(sysdate);
  procedure inner2 is begin dbms_output.put_line('b'); end;
begin
  inner2;
end;
/
declare
  l_w number := round(1.5);
  procedure inner3 is begin dbms_output.put_line('c'); end;
begin
  inner3;
end;
/
create or replace function standalone_fn return number is
  l_v number := floor(2.5);
begin
  return l_v;
end;
/
`, { file: 'main.sql' }).semantics.calls.map((c) => `${c.name}:${c.resolution.kind}:${c.nameRange.line}`);
  assert.deepEqual(calls, [
    'RATE_OF:same-package:2', 'ABS:oracle-supplied:3', 'RATE_OF:same-package:5', 'DBMS_OUTPUT.PUT_LINE:oracle-supplied:6',
    'INNER_STEP:local:8', 'RATE_OF:same-package:11', 'TRUNC:oracle-supplied:15', 'DBMS_OUTPUT.PUT_LINE:oracle-supplied:16',
    'INNER2:local:18', 'ROUND:oracle-supplied:22', 'DBMS_OUTPUT.PUT_LINE:oracle-supplied:23', 'INNER3:local:25', 'FLOOR:oracle-supplied:29',
  ]);
});

test('call resolution as the hover tells it: cursors, a subprogram qualified by its enclosing one, members not in the workspace, a method of a call\'s result, object types', () => {
  const index = new WorkspaceIndex();
  index.update('by2.fnc', 'create or replace function by2(x number) return number as begin return x * 2; end;\n/\n');
  index.update('util.pks', 'create or replace package util as procedure log(p varchar2); function doc(p number) return t_doc; end;\n/\n');
  index.update('t_point.tps', 'create or replace type t_point as object (x number, y number, static function origin return t_point, member function norm return number);\n/\n');
  index.update('pkg.pks', 'create or replace package pkg as\n  cursor c_pending(p_n number) is select id from jobs where rownum <= p_n;\n  procedure run;\nend pkg;\n/\n');
  const text = `create or replace package body pkg as
  procedure helper is begin null; end;
  procedure run is
    type t_ids is table of number;
    l_ids t_ids := t_ids();
    l_n number;
    cursor c_local(p_id number) is select 1 from dual where 1 = p_id;
    function nested_fn(x number) return number is begin return x; end;
  begin
    for r in c_local(1) loop null; end loop;
    for r in c_pending(5) loop null; end loop;
    l_n := run.nested_fn(1) + by2(l_ids(1));
    run.l_ids.extend;
    helper; pkg.not_declared(1); util.not_there(2); app.util.not_there(3); mystery(4);
    l_n := util.doc(1).render(2);
    l_n := t_point.origin().norm();
  end;
end pkg;
/
create or replace type body t_point as
  member function norm return number is begin return sqrt(x * x + y * y) + scale(2) + self.scale(3); end;
end;
/
`;
  const described = analyzeText(text, { file: 'main.sql', index }).semantics.calls.map((c) => `${c.name}: ${describeResolution(c.resolution)}`);
  assert.deepEqual(described, [
    'T_IDS: a type constructor or method',
    'C_LOCAL: a cursor',
    'C_PENDING: a cursor',
    'RUN.NESTED_FN: a nested (local) subprogram',
    'BY2: a schema-level standalone function defined in by2.fnc line 1',
    'L_IDS: an element of a collection variable, not a call',
    'RUN.L_IDS.EXTEND: a field or method of a variable',
    'HELPER: a subprogram of the same package defined in main.sql line 2',
    'PKG.NOT_DECLARED: a subprogram of the same package',
    'UTIL.NOT_THERE: a member of package UTIL defined in util.pks line 1',
    'APP.UTIL.NOT_THERE: a member of package UTIL defined in util.pks line 1',
    'MYSTERY: not found in the workspace (unresolved)',
    'UTIL.DOC: a member of package UTIL defined in util.pks line 1',
    'UTIL.DOC().RENDER: a field or method of a variable',
    'T_POINT.ORIGIN: a method of object type T_POINT defined in t_point.tps line 1',
    'T_POINT.ORIGIN().NORM: a field or method of a variable',
    'SQRT: Oracle-supplied (STANDARD built-in or supplied package)',
    'SCALE: a field or method of a variable',
    'SELF.SCALE: a field or method of a variable',
  ]);
});

test('constant propagation as sizes and bounds are written: decimals, exponents, signs, division, subtraction, quoted and numbered names', () => {
  const values: Record<string, number> = { C_CHUNK: 4000, C_PAGE2: 50, 'Max Rows': 250 };
  const valueOf = (n: string) => values[n];
  assert.equal(evaluateNumber('1.25 * 4', valueOf), 5);
  assert.equal(evaluateNumber('1e3', valueOf), 1000);
  assert.equal(evaluateNumber('2E+2 + 1e-1 * 10', valueOf), 201);
  assert.equal(evaluateNumber('-5 + 10', valueOf), 5);
  assert.equal(evaluateNumber('+5', valueOf), 5);
  assert.equal(evaluateNumber('c_chunk / 2', valueOf), 2000);
  assert.equal(evaluateNumber('c_chunk - 1', valueOf), 3999);
  assert.equal(evaluateNumber('c_chunk - 1 - 1', valueOf), 3998);
  assert.equal(evaluateNumber('c_page2 * 2', valueOf), 100);
  assert.equal(evaluateNumber('"Max Rows" + 1', valueOf), 251);
  assert.equal(evaluateNumber('"Max Rows" + "C_CHUNK"', valueOf), 4250);
  // what is no number: a trailing operator, two numbers side by side, a division by zero
  assert.equal(evaluateNumber('5 +', valueOf), undefined);
  assert.equal(evaluateNumber('10 20', valueOf), undefined);
  assert.equal(evaluateNumber('c_chunk / 0', valueOf), undefined);
  // the length of a declared buffer, written with a blank before the parenthesis or with BYTE/CHAR
  assert.equal(typeLength('varchar2 (32767)', valueOf), 32767);
  assert.equal(typeLength('VARCHAR2(32767 BYTE)', valueOf), 32767);
  assert.equal(typeLength('raw(c_chunk)', valueOf), 4000);
  assert.equal(typeLength('nvarchar2(c_page2 char)', valueOf), 50);
  assert.equal(typeLength('clob', valueOf), undefined);
});

test('known counts: what keeps, changes or loses the count before the loop, and seed JSON read with JSON_TABLE', () => {
  const over = (declaration: string, body = '') =>
    estimates(`declare type t_vals is table of varchar2(30); l_vals t_vals${declaration}; begin ${body} for i in 1 .. l_vals.count loop null; end loop; end;`);
  // a constant collection, a collection assigned a new constructor, a read of the collection
  assert.deepEqual(estimates(`declare type t_vals is table of varchar2(30); c_vals constant t_vals := t_vals('a', 'b'); begin for i in 1 .. c_vals.count loop null; end loop; end;`),
    ['inside a loop of about 2 iterations']);
  assert.deepEqual(over(" := t_vals('a')", "l_vals := t_vals('x', 'y', 'z');"), ['inside a loop of about 3 iterations']);
  assert.deepEqual(over(" := t_vals('a', 'b'); l_first varchar2(30)", 'l_first := l_vals(1);'), ['inside a loop of about 2 iterations']);
  // numbers of several digits, exponents with a sign, a q-quote holding a blank
  assert.deepEqual(over(` := t_vals(100, 3.25, 1e10, 2e+3, -40, q'[a b]')`), ['inside a loop of about 6 iterations']);
  // an element written by index, DELETE, appends to a nested table declared without a value (atomically NULL)
  assert.deepEqual(over(" := t_vals('a', 'b')", "l_vals(1) := 'z';"), ['once per element of L_VALS']);
  assert.deepEqual(over(" := t_vals('a', 'b')", 'l_vals.delete;'), ['once per element of L_VALS']);
  assert.deepEqual(over('', "l_vals(l_vals.count + 1) := 'a'; l_vals(l_vals.count + 1) := 'b';"), ['once per element of L_VALS']);
  const json = (assignments: string) =>
    estimates(`declare l_json varchar2(4000); l_label varchar2(10); begin ${assignments} for r in (select a from json_table(l_json,'$[*]' columns (a number path '$.a'))) loop null; end loop; end;`);
  assert.deepEqual(json(`l_json := '[{"a":1},{"a":2}]'; l_label := 'abc';`), ['inside a loop of about 2 iterations']);
  assert.deepEqual(json(`l_json:=q'~[{"a":1},{"a":2},{"a":3}]~';`), ['inside a loop of about 3 iterations']);
  assert.deepEqual(json(`l_json := '[{"a":"it''s"}]';`), ['inside a loop of about 1 iteration']);
  assert.deepEqual(json('l_json := get_json();'), ['once per row of the query at line 1']);
  assert.deepEqual(json(`l_json := 'not json';`), ['once per row of the query at line 1']);
});
