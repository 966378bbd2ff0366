/**
 * The helpers behind issue 14's missed findings, on their own: what SQL text an EXECUTE IMMEDIATE runs, and where a
 * subprogram writes the UTL_FILE handles it is given. The rule fixtures show them at work; these pin their edges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isQueryText, readsOnlyDual, sqlTextOfExpression } from '../../server/src/analysis/rules/support/dynamicSqlText.ts';
import { AssignmentLog, concatenatedOperands, dynamicExpression, isDdlText, namesIn, plainVariable } from '../../server/src/analysis/rules/support/dynamicSql.ts';
import { fileParameterUses, unitSubprogramResolver } from '../../server/src/analysis/semantic/fileHandleFlow.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import type { UnitNode } from '../../server/src/syntax/model/nodes.ts';

test('the SQL text of an expression that starts with a literal', () => {
  assert.deepEqual(sqlTextOfExpression(" 'select x from t'"), { text: 'select x from t', complete: true });
  assert.deepEqual(sqlTextOfExpression("'select '' x'' from ' || t"), { text: "select ' x' from ", complete: false });
  assert.deepEqual(sqlTextOfExpression(" q'[select 'a' from dual]';"), { text: "select 'a' from dual", complete: true });
  assert.deepEqual(sqlTextOfExpression("('with a as (select 1 from dual) select * from a')"), { text: 'with a as (select 1 from dual) select * from a', complete: true });
  assert.deepEqual(sqlTextOfExpression("'select 1 from dual' -- why\n"), { text: 'select 1 from dual', complete: true });
  assert.equal(sqlTextOfExpression("l_sql || 'x'"), undefined);
  assert.equal(sqlTextOfExpression('upper(l_sql)'), undefined);
  assert.equal(sqlTextOfExpression(''), undefined);
});

test('a query, and a query of DUAL only', () => {
  assert.equal(isQueryText({ text: '  select 1 from t', complete: true }), true);
  assert.equal(isQueryText({ text: 'WITH a AS (select 1 from dual) select * from a', complete: true }), true);
  assert.equal(isQueryText({ text: '(select 1 from t)', complete: true }), true);
  assert.equal(isQueryText({ text: 'selection', complete: true }), false);
  assert.equal(isQueryText({ text: 'update t set a = 1', complete: true }), false);
  assert.equal(isQueryText({ text: 'begin select 1 into :x from dual; end;', complete: true }), false);
  assert.equal(isQueryText(undefined), false);
  assert.equal(readsOnlyDual({ text: 'select sysdate from dual', complete: true }), true);
  assert.equal(readsOnlyDual({ text: 'select s.nextval from sys.dual', complete: true }), true);
  assert.equal(readsOnlyDual({ text: 'select sysdate from dual', complete: false }), false);
  assert.equal(readsOnlyDual({ text: 'select a from t', complete: true }), false);
  assert.equal(readsOnlyDual({ text: 'select 1 from dual join t on 1 = 1', complete: true }), false);
  assert.equal(readsOnlyDual({ text: 'select 1 from dual, t', complete: true }), false);
  assert.equal(readsOnlyDual({ text: 'select (select max(a) from t) from dual', complete: true }), false);
  assert.equal(readsOnlyDual({ text: 'select 1', complete: true }), false);
});

function unitOf(text: string): UnitNode {
  return parseScript(text, { unitCache: false }).units[0]!.views[0]![0]!;
}

test('where a subprogram writes the file handles it is given', () => {
  const unit = unitOf(`create or replace package body p as
  procedure line(p_file in utl_file.file_type, p_text varchar2) as
  begin
    utl_file.put_line(p_file, p_text);
  end;
  procedure rows(p_out utl_file.file_type, p_other utl_file.file_type) as
  begin
    for r in (select id from t) loop
      if r.id > 0 then
        p.line(p_text => r.id, p_file => p_out);
      end if;
    end loop;
    sys.utl_file.put(p_other, 'x');
    utl_file.fclose(p_other);
  end;
  procedure loops_forever(p_f utl_file.file_type) as
  begin
    loops_forever(p_f);
  end;
  procedure no_handle(p_n number) as
  begin
    null;
  end;
end p;`);
  const resolve = unitSubprogramResolver(unit);
  const [line, rows, forever, noHandle] = unit.subprograms;
  assert.deepEqual(fileParameterUses(line!, resolve).map((u) => [u.parameter, u.position, u.loops.length, u.chain.join('>'), u.writeLine]), [['P_FILE', 1, 0, 'LINE', 4]]);
  assert.deepEqual(fileParameterUses(rows!, resolve).map((u) => [u.parameter, u.position, u.loops.map((l) => l.kind).join(','), u.chain.join('>'), u.writeLine]), [
    ['P_OUT', 1, 'rows', 'ROWS>LINE', 4],
    ['P_OTHER', 2, '', 'ROWS', 13],
  ]);
  assert.deepEqual(fileParameterUses(forever!, resolve), []);
  assert.deepEqual(fileParameterUses(noHandle!, resolve), []);
});

test('the handle is followed through nested subprograms, a standalone unit, CASE, blocks and handlers', () => {
  const unit = unitOf(`create or replace procedure export_all(p_file utl_file.file_type) as
  procedure put_all(f utl_file.file_type) as
    procedure one(h utl_file.file_type) as
    begin
      case when 1 = 1 then utl_file.put_line(file => h, buffer => 'x'); end case;
    end;
  begin
    loop
      begin
        one(f);
      exception
        when others then utl_file.new_line(f);
      end;
      exit;
    end loop;
  end;
begin
  export_all.put_all(p_file);
  other_pkg.put_all(p_file);
end;`);
  const uses = fileParameterUses(unit.subprogram!, unitSubprogramResolver(unit));
  assert.deepEqual(uses.map((u) => [u.parameter, u.chain.join('>'), u.loops.length, u.writeLine]), [
    ['P_FILE', 'EXPORT_ALL>PUT_ALL>ONE', 1, 5],
    ['P_FILE', 'EXPORT_ALL>PUT_ALL', 1, 12],
  ]);
});

test('the findings of the followed handle, the FORALL call and the dynamic query say where and what', async () => {
  const { analyzeProject } = await import('../../server/src/analysis/analyzeProject.ts');
  const project = analyzeProject([
    { file: 'by2.fnc', text: 'create or replace function by2(x number) return number as begin return x * 2; end;\n/\n' },
    { file: 'writer.prc', text: 'create or replace procedure writer(p_file utl_file.file_type) as\nbegin\n  for r in (select id from t) loop\n    utl_file.put_line(p_file, r.id);\n  end loop;\nend;\n/\n' },
    { file: 'main.sql', text: `create or replace function local_f(x number) return number as begin return x; end;
/
create or replace procedure main(p_ids sys.odcinumberlist) as
  f utl_file.file_type;
  n number;
begin
  f := utl_file.fopen('D', 'x.txt', 'w');
  writer(f);
  forall i in 1 .. p_ids.count
    update t set a = by2(a) + local_f(a) where id = p_ids(i);
  for r in (select id from t) loop
    execute immediate 'select count(*) from order_lines where order_id = :1 and status in (''NEW'', ''OPEN'')' into n using r.id;
  end loop;
end;
/
` },
  ]);
  const main = project.results.find((r) => r.file === 'main.sql')!;
  assert.ok('result' in main);
  const byRule = (rule: string) => main.result.findings.filter((f) => f.rule === rule);
  const [file] = byRule('utl-file-small-buffer');
  assert.match(file!.message, /F is opened with no max_linesize \(default 1024\) and passed to WRITER, which writes it \(writer\.prc line 4\) once per row/);
  assert.equal(file!.related?.[1]?.file, 'writer.prc');
  assert.equal(file!.related?.[0]?.range.line, 8);
  const calls = byRule('standalone-call-in-loop');
  assert.deepEqual(calls.map((c) => [c.line, c.related?.[0]?.file]), [[10, 'by2.fnc'], [10, undefined]]);
  assert.match(calls[0]!.message, /BY2 is a standalone function \(by2\.fnc line 1\).*once per element of P_IDS \(FORALL sends its DML once/);
  assert.match(calls[1]!.message, /LOCAL_F is a standalone function \(line 1\)/);
  assert.equal(calls[0]!.related?.[1]?.message, 'the FORALL: once per element of P_IDS');
  const [query] = byRule('select-into-in-loop');
  assert.match(query!.message, /^EXECUTE IMMEDIATE 'select count\(\*\) from order_lines where order_id = :1 and \.\.\.' INTO runs once per row/);
  assert.equal(query!.related?.[0]?.message, `the loop: ${query!.loop?.text}`);
});

test('the wording that depends on the loop: row-by-row fetch and the dynamic query preview', async () => {
  const { analyzeText } = await import('../../server/src/analysis/analyze.ts');
  const sixty = 'select a from t where b = :1 and c = :2 and d = :3 and e =:4';
  assert.equal(sixty.length, 60);
  const text = `declare
  cursor c_orders is select order_id from orders;
  l_cur sys_refcursor;
  l_id  number;
begin
  open c_orders;
  loop
    fetch c_orders into l_id;
    exit when c_orders%notfound;
  end loop;
  open l_cur for select 1 from dual;
  while true loop
    fetch l_cur into l_id;
    exit when l_cur%notfound;
  end loop;
  for i in 1 .. 10 loop
    execute immediate '${sixty}' into l_id;
    execute immediate '${sixty}x' into l_id;
    execute immediate 'select   a
      from t' into l_id;
  end loop;
end;
/
`;
  const findings = analyzeText(text).findings;
  const fetches = findings.filter((f) => f.rule === 'row-by-row-fetch').map((f) => f.message);
  assert.match(fetches[0]!, /^FETCH C_ORDERS reads one row per call, so the loop makes one fetch call for every row of C_ORDERS\./);
  assert.match(fetches[1]!, /^FETCH L_CUR reads one row per call, inside a loop\./);
  const queries = findings.filter((f) => f.rule === 'select-into-in-loop').map((f) => f.message);
  assert.ok(queries[0]!.startsWith(`EXECUTE IMMEDIATE '${sixty}' INTO`));
  assert.ok(queries[1]!.startsWith(`EXECUTE IMMEDIATE '${sixty.slice(0, 57)}...' INTO`));
  assert.ok(queries[2]!.startsWith("EXECUTE IMMEDIATE 'select a from t' INTO"));
});

test('mutually recursive writers are followed once, and a spec declaration is never the writer', () => {
  const unit = unitOf(`create or replace package body rec as
  procedure b(f utl_file.file_type, n number);
  procedure a(f utl_file.file_type, n number) as
  begin
    if n > 0 then b(f, n - 1); end if;
  end;
  procedure b(f utl_file.file_type, n number) as
  begin
    utl_file.put_line(f, n);
    a(f, n);
  end;
  procedure c(f utl_file.file_type) as
    g utl_file.file_type;
  begin
    utl_file.put(g, 'not the parameter');
    b(g, 1);
  end;
end rec;`);
  const resolve = unitSubprogramResolver(unit);
  const a = unit.subprograms.find((s) => s.name === 'A' && s.body)!;
  assert.deepEqual(fileParameterUses(a, resolve).map((u) => [u.parameter, u.chain.join('>'), u.writeLine]), [['F', 'A>B', 9]]);
  // a local handle written or passed on is not the parameter
  assert.deepEqual(fileParameterUses(unit.subprograms.find((s) => s.name === 'C')!, resolve), []);
});

test('the SQL expression of an EXECUTE IMMEDIATE or OPEN ... FOR ends at its first clause or semicolon', () => {
  const ei = (text: string) => dynamicExpression(text, 'execute-immediate');
  assert.equal(ei("execute immediate 'select 1 from t where a = :1' into l_x using p_a;"), "'select 1 from t where a = :1'");
  assert.equal(ei('EXECUTE IMMEDIATE l_sql BULK COLLECT INTO l_ids;'), 'l_sql');
  assert.equal(ei("execute immediate 'update t set a = 1 where b = :b returning c into :c' using p_b returning into l_c;"), "'update t set a = 1 where b = :b returning c into :c'");
  assert.equal(ei("execute immediate 'begin p(' || l_x || '); end;';"), "'begin p(' || l_x || '); end;'");
  assert.equal(ei('execute immediate f(g(x), y) using z;'), 'f(g(x), y)');
  assert.equal(ei("execute immediate replace(l_tmpl, ':into', l_x) using l_y;"), "replace(l_tmpl, ':into', l_x)");
  // a clause word inside a name is no clause
  assert.equal(ei('execute immediate l_bulk using x;'), 'l_bulk');
  assert.equal(ei('execute immediate l_into;'), 'l_into');
  assert.equal(ei('execute immediate l_sql_into_x;'), 'l_sql_into_x');
  assert.equal(ei('  Execute  Immediate\n  l_sql\n  using l_y;'), 'l_sql');
  assert.equal(ei('execute immediate l_sql'), 'l_sql');
  assert.equal(ei('execute immediate l_sql ;'), 'l_sql');
  assert.equal(ei("execute immediate 'a;b' || x;"), "'a;b' || x");
  assert.equal(ei('select 1 into x from dual;'), undefined);
  assert.equal(ei('executeimmediate l_sql;'), undefined);
  const open = (text: string) => dynamicExpression(text, 'open');
  assert.equal(open("open c_rows for 'select * from t where id = ' || p_id;"), "'select * from t where id = ' || p_id");
  assert.equal(open('OPEN  c_rows\n  FOR l_sql;'), 'l_sql');
  assert.equal(open('open :rc for l_sql using p_id;'), 'l_sql');
  assert.equal(open('open pkg.g_rc for l_sql using p_id;'), 'l_sql');
  assert.equal(open('open "Rows" for l_sql;'), 'l_sql');
  assert.equal(open('open c for withdrawals_sql;'), 'withdrawals_sql');
  // a static query is no dynamic SQL
  assert.equal(open('open c_rows for select * from t;'), undefined);
  assert.equal(open('open c for\n(select 1 from dual);'), undefined);
  assert.equal(open('open c for with a as (select 1 x from dual) select x from a;'), undefined);
  assert.equal(open('execute immediate l_sql using p_a;'), undefined);
  assert.equal(open('open c_rows l_sql;'), undefined);
});

test('which concatenated operands are values (a bind would do) and which are names', () => {
  const values = (expression: string) => concatenatedOperands(expression).map((o) => `${o.text}:${o.isValue ? 'value' : 'name'}`);
  assert.deepEqual(values("'select * from t where id = ' || p_id"), ['p_id:value']);
  assert.deepEqual(values("'select * from t where id = '||p_id"), ['p_id:value']);
  assert.deepEqual(values("'select * from ' || l_table || ' where id = :1'"), ['l_table:name']);
  assert.deepEqual(values("'select * from t where name = ''' || p_name || ''''"), ['p_name:value']);
  assert.deepEqual(values("'select * from t where id in (' || l_list || ')'"), ['l_list:value']);
  assert.deepEqual(values("'select * from t where id in (' || l_ids || ') and b = ' || p_b"), ['l_ids:value', 'p_b:value']);
  assert.deepEqual(values("'select * from t where x = ' || nvl(p_x, 0) || ' and y = ' || p_y"), ['nvl(p_x, 0):value', 'p_y:value']);
  assert.deepEqual(values("'select * from t where d > to_date(''' || to_char(p_d, 'yyyy') || ''')'"), ["to_char(p_d, 'yyyy'):value"]);
  assert.deepEqual(values("'select * from t where x = ' || f(a || b)"), ['f(a || b):value']);
  // numbers and CHR() are no values to bind; a single operand is no concatenation
  assert.deepEqual(values("'select ' || 1 || ' from dual'"), []);
  assert.deepEqual(values("'a' || chr(10) || 'b'"), []);
  assert.deepEqual(values("'select * from t where x = ' || 12.5 || ' and y = ' || p_y"), ['p_y:value']);
  assert.deepEqual(values('l_sql'), []);
  // names: before a dot, a database link, IS, LIKE; a name by its own name; constants; DBMS_ASSERT; expressions
  assert.deepEqual(values("'select * from ' || l_tab || '@' || p_link"), ['l_tab:name', 'p_link:name']);
  assert.deepEqual(values("'select * from t where ' || p_where || ' is null'"), ['p_where:name']);
  assert.deepEqual(values("'select * from t where a = 1 and ' || p_filter || ' like :1'"), ['p_filter:name']);
  assert.deepEqual(values("'select * from t where ' || l_col || ' = :1'"), ['l_col:name']);
  assert.deepEqual(values("'select * from t where x = ' || p_tab_name"), ['p_tab_name:name']);
  assert.deepEqual(values("'select * from t where x = ' || p_xcol"), ['p_xcol:name']);
  assert.deepEqual(values("'select * from t where x = ' || k_max || ' or y = ' || co_min || ' or z = ' || l_count"),
    ['k_max:name', 'co_min:name', 'l_count:value']);
  assert.deepEqual(values("'select * from t where x = ' || pkg.c_max"), ['pkg.c_max:name']);
  assert.deepEqual(values("'select * from t where x = ' || dbms_assert.enquote_literal(p_x)"), ['dbms_assert.enquote_literal(p_x):name']);
  assert.deepEqual(values("'select * from t where x = ' || DBMS_ASSERT . enquote_literal(p_x)"), ['DBMS_ASSERT . enquote_literal(p_x):name']);
  assert.deepEqual(values("'select * from t where x = ' || sys . dbms_assert.enquote_literal(p_x)"), ['sys . dbms_assert.enquote_literal(p_x):name']);
  assert.deepEqual(values("'select * from t where x = ' || case when a then 1 else 2 end"), ['case when a then 1 else 2 end:name']);
  assert.deepEqual(values("'select * from t where x = ' || (a + b)"), ['(a + b):name']);
  assert.deepEqual(values("'select max(' || p_x || ') from t'"), ['p_x:name']);
  // what comes before a value: operators, IN (, VALUES(, LIKE, a division (not the end of a hint)
  assert.deepEqual(values("'select * from t where x like ' || p_x"), ['p_x:value']);
  assert.deepEqual(values("'select /*+ full(t) */ * from t where x = ' || p_x"), ['p_x:value']);
  assert.deepEqual(values("'select a / ' || p_x || ' from t'"), ['p_x:value']);
  assert.deepEqual(values("'select * from t where x in (' || p_x || ')'"), ['p_x:value']);
  assert.deepEqual(values("'insert into t values(' || p_x || ')'"), ['p_x:value']);
  // the literal spellings: N'...', q'[...]', nq'[...]', q'!...!'
  assert.deepEqual(values("N'select * from t where x = ' || p_x"), ['p_x:value']);
  assert.deepEqual(values("q'[select * from t where x = ]' || p_x"), ['p_x:value']);
  assert.deepEqual(values("nq'[select * from t where x = ]' || p_x"), ['p_x:value']);
  assert.deepEqual(values("q'!select * from t where x = !' || p_x"), ['p_x:value']);
  assert.deepEqual(values("q'[select * from ]' || p_table"), ['p_table:name']);
});

test('after AND a value follows only when the AND closes the last BETWEEN; a name before a dot is no value', () => {
  const values = (expression: string) => concatenatedOperands(expression).map((o) => `${o.text}:${o.isValue ? 'value' : 'name'}`);
  // the second BETWEEN's bounds are values: the ANDs are counted from the last BETWEEN before the operand
  assert.deepEqual(values("'select * from t where a between 1 and 10 and b between ' || l_lo || ' and ' || l_hi"), ['l_lo:value', 'l_hi:value']);
  // an AND before the BETWEEN (a condition) and one after the operand (the next condition) do not count
  assert.deepEqual(values("'select * from t where status = ''X'' and created between ' || l_from || ' and ' || l_to || ' and flag = 1'"),
    ['l_from:value', 'l_to:value']);
  // a predicate built elsewhere after a plain AND is no value
  assert.deepEqual(values("'select * from t where status = 1 and ' || l_filter"), ['l_filter:name']);
  // a join to an alias held in a variable: `= ' || l_src || '.id'` names a table, the dot after it says so
  assert.deepEqual(values("'select * from t o, s where o.customer_id = ' || l_src || '.id'"), ['l_src:name']);
});

test('DDL text, the names an expression reads, a plain variable', () => {
  assert.equal(isDdlText("'create table t (a number)'"), true);
  assert.equal(isDdlText('  create index i on t(a)'), true);
  assert.equal(isDdlText("q'[drop table t]'"), true);
  assert.equal(isDdlText("nq'[alter session set x = 1]'"), true);
  assert.equal(isDdlText("'  truncate table ' || l_t"), true);
  assert.equal(isDdlText("'begin p; end;'"), true);
  assert.equal(isDdlText("'select 1 from dual'"), false);
  assert.equal(isDdlText("'created_at'"), false);
  assert.equal(isDdlText("'dropped'"), false);
  assert.equal(isDdlText('l_alter'), false);
  assert.deepEqual(namesIn("'select ' || l_col || q'[ from x]' || r.tab_name"), ['L_COL', 'R', 'TAB_NAME']);
  assert.deepEqual(namesIn("'it''s' || Q'{a}' || q'<b>' || q'(c)' || q'#d#' || n"), ['N']);
  assert.deepEqual(namesIn("'1'"), []);
  assert.equal(plainVariable('l_sql'), 'l_sql');
  assert.equal(plainVariable('l_sql || x'), undefined);
  assert.equal(plainVariable('1x'), undefined);
  assert.equal(plainVariable('x.y'), undefined);
});

test('the assignment log keeps each variable\'s assignments per subprogram, in order', () => {
  const log = new AssignmentLog();
  const owner = { line: 3, column: 1 };
  const key = AssignmentLog.key(owner, 'l_sql');
  assert.equal(key, '3:1:L_SQL');
  assert.equal(AssignmentLog.key(owner, 'L_Sql'), key);
  const at = (line: number) => ({ line, column: 2, endLine: line, endColumn: 30 });
  log.record(key, "l_sql := 'select 1 from dual' ;  ", at(5));
  log.record(key, "l_sql = 'x'", at(6));
  log.record(key, "l_sql := l_sql || ' where a = ' || p_a;", at(7));
  log.record(AssignmentLog.key(owner, 'L_OTHER'), 'l_other := 1;', at(9));
  log.record(AssignmentLog.key({ line: 30, column: 1 }, 'l_x'), 'l_x := 1;', at(31));
  log.record(AssignmentLog.key({ line: 3, column: 10 }, 'l_y'), 'l_y := 1;', at(6));
  assert.deepEqual(log.of(key), [
    { line: 5, range: at(5), value: "'select 1 from dual'" },
    { line: 7, range: at(7), value: "l_sql || ' where a = ' || p_a" },
  ]);
  assert.deepEqual(log.of('3:1:NOTHING'), []);
  assert.deepEqual(log.assignedBetween(owner, 6, 8), ['L_SQL']);
  assert.deepEqual(log.assignedBetween(owner, 5, 5), ['L_SQL']);
  assert.deepEqual(log.assignedBetween(owner, 7, 7), ['L_SQL']);
  assert.deepEqual(log.assignedBetween(owner, 8, 9), ['L_OTHER']);
  assert.deepEqual(log.assignedBetween(owner, 1, 20), ['L_SQL', 'L_OTHER']);
  assert.deepEqual(log.assignedBetween(owner, 10, 20), []);
  assert.deepEqual(log.assignedBetween({ line: 30, column: 1 }, 1, 40), ['L_X']);
});
