/**
 * The helpers behind issue 14's missed findings, on their own: what SQL text an EXECUTE IMMEDIATE runs, and where a
 * subprogram writes the UTL_FILE handles it is given. The rule fixtures show them at work; these pin their edges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isQueryText, readsOnlyDual, sqlTextOfExpression } from '../../server/src/analysis/rules/support/dynamicSqlText.ts';
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
