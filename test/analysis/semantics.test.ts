/** The semantic layer: loop estimates, call resolution, constant propagation, cross-file resolution, isolation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { evaluateNumber, typeLength } from '../../server/src/analysis/semantic/constants.ts';
import { describeResolution } from '../../server/src/analysis/semantic/resolveCall.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';

const estimates = (text: string) => analyzeText(text).semantics.loops.map((l) => l.estimate.text);

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
    'T_POINT.ORIGIN: a type constructor or method defined in main.sql line 20',
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
