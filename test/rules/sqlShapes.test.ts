/**
 * rules/support/sqlShapes.ts on its own: which SELECT INTO is an aggregate that always returns one row, the
 * literal an EXECUTE IMMEDIATE runs, and which statements run dynamic DDL (exception-handler-in-loop's reasons to
 * lower its severity). The rule's fixtures show them at work; these pin each pattern's edges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignsDdl, dynamicSqlLiteral, isSingleRowAggregate, runsDynamicDdl } from '../../server/src/analysis/rules/support/sqlShapes.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import type { StatementNode } from '../../server/src/syntax/model/nodes.ts';

test('an aggregate without GROUP BY is a single-row SELECT INTO, whatever the spacing and comments', () => {
  for (const text of [
    'select count(*) into n from t where x = 1',
    'SELECT\n  COUNT(*)\n  INTO n FROM t',
    'select distinct max(id) into n from t',
    'select all sum(x) into n from t',
    'select max(a), min(b) into x, y from t',
    'select nvl(max(id), 0) into n from t',
    'select nvl( max(id), 0) into n from t',
    'select nvl (max(id), 0) into n from t',
    'select count (*) into n from t',
    'select max(id) bulk collect into l from t',
    'select max(id) bulk  collect\n into l from t',
    'select /* count rows */ count(*) -- all of them\n into n from t',
    'select /* a\n b */ count(*) into n from t',
    '  select count(*) into n from t',
    'select -- how many\n count(*) into n from t',
  ]) assert.equal(isSingleRowAggregate(text), true, text);
  for (const text of [
    'select id into n from t where x = 1',
    'select count(*), id into n, m from t',
    'select count(*) into n from t group by x',
    'select count(*) into n from t group  by x',
    'select count(*) into n from t having count(*) > 1',
    'select count(*) into n from t union select 1 from dual',
    'select upper(max(x)) into n from t',
    'select id_count(x) into n from t',
    'select x.count into n from t x',
    'select count(*) /* into */ from t',
    'update t set x = 1',
    'selectcount(*) into n from t',
    'select count(*)into n from t',
    'x select count(*) into n from t',
    'select /* max( */ id into n from t',
    "select id into n from t -- count(*) into\n",
  ]) assert.equal(isSingleRowAggregate(text), false, text);
});

test('the literal an EXECUTE IMMEDIATE starts with', () => {
  assert.equal(dynamicSqlLiteral("execute immediate 'drop table t'"), "drop table t'");
  assert.equal(dynamicSqlLiteral("  EXECUTE  IMMEDIATE\n  ('drop table t')"), "drop table t')");
  assert.equal(dynamicSqlLiteral("execute immediate q'[drop table t]'"), "drop table t]'");
  assert.equal(dynamicSqlLiteral("execute immediate nq'{drop table t}'"), "drop table t}'");
  assert.equal(dynamicSqlLiteral("execute immediate ( q'{drop table t}')"), "drop table t}')");
  assert.equal(dynamicSqlLiteral('execute immediate l_sql'), undefined);
  assert.equal(dynamicSqlLiteral("executeimmediate 'x'"), undefined);
  assert.equal(dynamicSqlLiteral("execute immediate'x'"), undefined);
  assert.equal(dynamicSqlLiteral("begin execute immediate 'x'"), undefined);
  assert.equal(dynamicSqlLiteral("execute immediate xq'[x]'"), undefined);
});

/** The statements of the first unit's body and a function giving each one's text. */
function bodyOf(source: string): { statements: readonly StatementNode[]; textOf: (s: StatementNode) => string } {
  const unit = parseScript(source, { unitCache: false }).units[0]!.views[0]![0]!;
  const lines = source.split('\n');
  const textOf = (s: StatementNode) => {
    const r = s.range;
    if (r.line === r.endLine) return lines[r.line - 1]!.slice(r.column - 1, r.endColumn - 1);
    return [lines[r.line - 1]!.slice(r.column - 1), ...lines.slice(r.line, r.endLine - 1), lines[r.endLine - 1]!.slice(0, r.endColumn - 1)].join('\n');
  };
  return { statements: unit.body!.statements, textOf };
}

const ddlOf = (source: string, assigned: (variable: string) => boolean = () => false) => {
  const { statements, textOf } = bodyOf(`begin\n${source}\nend;\n/\n`);
  return runsDynamicDdl(statements, textOf, assigned);
};

test('dynamic DDL: literals, DDL calls, through IF, CASE and blocks, not through loops', () => {
  for (const source of [
    "execute immediate 'drop table t';",
    "execute immediate 'CREATE INDEX i ON t(x)';",
    "execute immediate '  grant select on t to u';",
    "execute immediate '(create table x (a number))';",
    "execute immediate '( create table x (a number))';",
    'dbms_utility.exec_ddl_statement(ddl_text(l_name));',
    "execute immediate 'begin dbms_stats.gather_table_stats(user, ''T''); end;';",
    "execute immediate q'[alter session set x = 1]';",
    'dbms_utility.exec_ddl_statement(l_sql);',
    "sys.dbms_ddl.alter_compile('PACKAGE', user, 'P');",
    'dbms_sql.parse(c, l_sql, dbms_sql.native);',
    "if x = 1 then null; else execute immediate 'drop table t'; end if;",
    "case x when 1 then null; when 2 then execute immediate 'truncate table t'; end case;",
    "begin execute immediate 'drop table t'; end;",
  ]) assert.equal(ddlOf(source), true, source);
  for (const source of [
    "execute immediate 'insert into t values (1)';",
    "execute immediate 'select 1 from dual' into n;",
    "execute immediate 'droptable t';",
    "execute immediate 'x drop table t';",
    'execute immediate l_sql;',
    "dbms_output.put_line('drop table t');",
    'other_pkg.parse(c, l_sql);',
    'sys.other.exec_ddl_statement(l_sql);',
    'dbms_utility.exec_ddl_statement_x(l_sql);',
    "for i in 1 .. 3 loop execute immediate 'drop table t'; end loop;",
    "if x = 1 then null; end if;",
    "l_sql := 'drop table t';",
  ]) assert.equal(ddlOf(source), false, source);
});

test('EXECUTE IMMEDIATE of a variable asks whether the variable holds DDL, by its upper-case name', () => {
  const asked: string[] = [];
  const ask = (variable: string) => {
    asked.push(variable);
    return variable === 'L_SQL';
  };
  assert.equal(ddlOf('execute immediate l_sql;', ask), true);
  assert.equal(ddlOf('execute immediate ( l_sql );', ask), true);
  assert.equal(ddlOf('execute immediate  l_other;', ask), false);
  assert.equal(ddlOf('execute immediate pkg.g_sql;', ask), false);
  assert.equal(ddlOf("execute immediate l_sql || 'x';", ask), true);
  assert.equal(ddlOf('execute  immediate l_sql;', ask), true);
  assert.equal(ddlOf('execute immediate :l_sql;', ask), false);
  assert.deepEqual(asked, ['L_SQL', 'L_SQL', 'L_OTHER', 'PKG.G_SQL', 'L_SQL', 'L_SQL', '']);
});

test('an assignment of a DDL literal to the variable, at any depth', () => {
  const assigns = (source: string, variable = 'L_SQL') => {
    const { statements, textOf } = bodyOf(`begin\n${source}\nend;\n/\n`);
    return assignsDdl(statements, variable, textOf);
  };
  for (const source of [
    "l_sql := 'drop table t';",
    "L_Sql :=  'create table t (a number)';",
    "l_sql := q'[grant select on t to u]';",
    "l_sql := nq'[grant select on t to u]';",
    "l_sql := 'alter table ' || t || ' add x number';",
    "if x = 1 then l_sql := 'drop table t'; end if;",
    "case when x = 1 then l_sql := 'drop table t'; end case;",
    "for r in (select 1 from dual) loop l_sql := 'drop table t'; end loop;",
    "begin l_sql := 'drop table t'; end;",
    "begin null; exception when others then l_sql := 'drop table t'; end;",
    "l_sql := 'x'; l_sql := 'drop table t';",
    "l_sql :=\n  'drop table t';",
  ]) assert.equal(assigns(source), true, source);
  for (const source of [
    "l_sql := 'insert into t values (1)';",
    "l_other := 'drop table t';",
    "l_sql := l_prefix || 'drop table t';",
    "l_sql := xq'[drop table t]';",
    'l_sql := null;',
    "if x = 1 then l_other := 'drop table t'; end if;",
    "p(l_sql => 'drop table t');",
  ]) assert.equal(assigns(source), false, source);
});
