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
