/**
 * The dialect check that keeps PostgreSQL, SQL Server and MySQL `.sql` scripts silent. Scripts as teams write
 * them (test/fixtures/dialects/), including Oracle scripts with the constructs a naive check trips on:
 * `$$PLSQL_UNIT`, `table@dblink`, SQL*Plus `@@script`, a column named `top`, `LANGUAGE JAVA`, and `GO`,
 * backticks or `$$` inside comments and q-quoted strings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { blankCommentsAndLiterals, detectSqlDialect, isDialectCheckedFile, type SqlDialect } from '../../server/src/analysis/dialect/sqlDialect.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/dialects/${name}`, import.meta.url), 'utf8');

const expected: [string, SqlDialect][] = [
  ['postgresql-functions.sql', 'postgresql'],
  ['postgresql-do-block.sql', 'postgresql'],
  ['tsql-procedures.sql', 'tsql'],
  ['mysql-procedures.sql', 'mysql'],
  ['mysql-tables.sql', 'mysql'],
  ['oracle-tricky.sql', 'oracle'],
  ['oracle-anonymous-block.sql', 'oracle'],
  ['ansi-plain.sql', 'oracle'],
];

for (const [file, dialect] of expected) {
  test(`${file} is ${dialect}`, () => {
    assert.equal(detectSqlDialect(fixture(file)).dialect, dialect);
  });
}

test('the verdict names its evidence', () => {
  assert.ok(detectSqlDialect(fixture('postgresql-functions.sql')).evidence.includes('`LANGUAGE plpgsql`'));
  assert.ok(detectSqlDialect(fixture('tsql-procedures.sql')).evidence.includes('`GO` batch separators'));
  assert.ok(detectSqlDialect(fixture('mysql-procedures.sql')).evidence.includes('`DELIMITER`'));
});

test('Oracle constructs that look foreign are not taken for another dialect', () => {
  const oracle = (text: string) => assert.equal(detectSqlDialect(text).dialect, 'oracle', text);
  oracle("BEGIN dbms_output.put_line($$PLSQL_UNIT); END;\n/\n");
  oracle('INSERT INTO audit_log@central (id) SELECT id FROM orders;\n');
  oracle('@@create_tables.sql\n@seed_data.sql\n');
  oracle('SELECT top, bottom FROM ranking WHERE top > 10;\n');
  oracle("CREATE FUNCTION f RETURN NUMBER AS LANGUAGE C NAME \"f\" LIBRARY mylib;\n/\n");
  oracle("-- GO\n-- SELECT TOP 5\nSELECT 1 FROM dual;\n");
  oracle("BEGIN\n  l_sql := 'SELECT `a` FROM b'; l_x := q'{$$ GO }';\nEND;\n/\n");
  oracle('SELECT * FROM v$session WHERE sid = sys_context(\'userenv\', \'sid\');\n');
  oracle('');
});

test('one weak foreign marker does not outweigh an Oracle script', () => {
  // A T-SQL-looking `@name` once (e.g. inside a generated comment-less string concatenation) is not enough.
  const text = `CREATE OR REPLACE PACKAGE BODY billing AS\n  PROCEDURE run IS BEGIN NULL; END;\nEND billing;\n/\nSELECT = @x FROM dual;\n`;
  assert.equal(detectSqlDialect(text).dialect, 'oracle');
});

test('comments, literals and quoted names are blanked with the line structure kept', () => {
  const text = "SELECT 'it''s' -- GO\n, \"TOP\" /* $$\n*/ FROM t";
  const blanked = blankCommentsAndLiterals(text);
  assert.equal(blanked.length, text.length);
  assert.deepEqual(blanked.split('\n').map((l) => l.trim()), ['SELECT', ',', 'FROM t']);
});

test('only .sql files are dialect-checked', () => {
  assert.ok(isDialectCheckedFile('deploy/001_tables.SQL'));
  assert.ok(!isDialectCheckedFile('billing.pkb'));
});
