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

/** `text` with each of `parts` (in order of appearance) replaced by blanks, line breaks kept. */
function blankedParts(text: string, ...parts: string[]): string {
  let out = text;
  let from = 0;
  for (const part of parts) {
    const at = out.indexOf(part, from);
    assert.ok(at >= 0, part);
    out = out.slice(0, at) + part.replace(/[^\n]/g, ' ') + out.slice(at + part.length);
    from = at + part.length;
  }
  return out;
}

test('blanking: every q-quote delimiter, unterminated comments and literals, `#` inside Oracle names', () => {
  const blanks = (text: string, ...parts: string[]) => assert.equal(blankCommentsAndLiterals(text), blankedParts(text, ...parts), text);
  blanks("x := q'[it's]' || q'(a)' || q'{b}' || q'<c>' || Q'!d!';", "q'[it's]'", "q'(a)'", "q'{b}'", "q'<c>'", "Q'!d!'");
  blanks("x := q'<a ]' b>' || y;", "q'<a ]' b>'");
  blanks("select emp# from t where a = 'x' -- tail", "'x'", '-- tail');
  blanks('select 1 from dual;\n-- unterminated', '-- unterminated');
  blanks('select 1 from dual; /* open\ncomment', '/* open\ncomment');
  blanks("select 'open\nstring", "'open\nstring");
  blanks('select "open\nname', '"open\nname');
  blanks("x := q'[open\n", "q'[open\n");
  blanks('# a MySQL comment\nselect 1', '# a MySQL comment');
});

test('blanking: REM and PROMPT lines are text only at the start of a line; a PROCEDURE line is code', () => {
  const blanks = (text: string, ...parts: string[]) => assert.equal(blankCommentsAndLiterals(text), blankedParts(text, ...parts), text);
  blanks("REM it's a script\nselect 'a' from dual;", " it's a script", "'a'");
  blanks("  remark it's\nPRO it's\nprompt it's", " it's", " it's", " it's");
  blanks("REM\nselect 'a' from dual;", "'a'");
  blanks("procedure p is x varchar2(3) := 'abc';", "'abc'");
  blanks("select 1 rem from dual where x = 'a';", "'a'");
});

test('the verdict: a foreign score of exactly the minimum with no Oracle marker, ties with Oracle, the stronger of two foreign dialects', () => {
  assert.equal(detectSqlDialect('SET NOCOUNT ON;\n').dialect, 'tsql');
  // one SQL*Plus-free Oracle marker of 5 against a foreign 5: a tie stays Oracle
  assert.equal(detectSqlDialect('SET NOCOUNT ON;\nx := EXECUTE IMMEDIATE;\n').dialect, 'oracle');
  // MySQL's 10 over T-SQL's 5, whatever order the dialects are checked in
  assert.equal(detectSqlDialect('SET NOCOUNT ON;\nDELIMITER //\n').dialect, 'mysql');
  assert.equal(detectSqlDialect('DELIMITER //\nGO\nSET NOCOUNT ON;\n').dialect, 'tsql');
  // one weak foreign marker alone is not enough evidence
  assert.equal(detectSqlDialect('SELECT x = @a;\n').dialect, 'oracle');
  // the evidence: what was found, strongest first, at most three
  assert.deepEqual(detectSqlDialect('SET NOCOUNT ON;\n').evidence, ['T-SQL statements (SET NOCOUNT, dbo., BEGIN TRAN)']);
  assert.deepEqual(detectSqlDialect('SELECT ROWNUM FROM dual;\n'), { dialect: 'oracle', evidence: ['Oracle SQL (ROWNUM, NVL, DUAL)'] });
  assert.deepEqual(detectSqlDialect('CREATE FUNCTION f() RETURNS void AS $$ BEGIN END $$ LANGUAGE plpgsql;\n'),
    { dialect: 'postgresql', evidence: ['`LANGUAGE plpgsql`', 'a `$$` dollar-quoted body', '`RETURNS`'] });
  assert.deepEqual(detectSqlDialect('DELIMITER //\n'), { dialect: 'mysql', evidence: ['`DELIMITER`'] });
  assert.deepEqual(detectSqlDialect('SELECT x = @a;\nSET NOCOUNT ON;\nSELECT TOP 5 x FROM t;\nGO\n').evidence,
    ['`GO` batch separators', '`SELECT TOP n`', 'T-SQL statements (SET NOCOUNT, dbo., BEGIN TRAN)']);
  assert.deepEqual(detectSqlDialect('SET NOCOUNT ON;\nSELECT x = @a;\nGO\n').evidence, ['`GO` batch separators', 'T-SQL statements (SET NOCOUNT, dbo., BEGIN TRAN)', '`@variables`']);
  // a capped marker counts at most its cap: three Oracle types (cap 2 = 10) do not outweigh a T-SQL 10 + 1 `@var`
  assert.equal(detectSqlDialect('GO\nSELECT x = @a;\nDECLARE a VARCHAR2; b VARCHAR2; c VARCHAR2;\n').dialect, 'tsql');
  assert.ok(!isDialectCheckedFile('deploy/001_tables.sql.orig'));
});

test('blanking keeps every line break and blanks every other character, however the comment spans lines', () => {
  // each character outside a line feed becomes one space (a surrogate pair two, a CR one), as a per-character replace does
  const perCharacter = (s: string) => s.replace(/[^\n]/g, ' ');
  for (const comment of ['/*\n*/', '/*\n\n x\n*/', '/* a\r\nb \u{1F600}\n\n*/', "q'[\n\n]'", '"x\ny"', "'\n'", '/**/', '/*\n']) {
    const text = `SELECT 1 ${comment} FROM t`;
    assert.equal(blankCommentsAndLiterals(text), `SELECT 1 ${perCharacter(comment)}${comment === '/*\n' ? perCharacter(' FROM t') : ' FROM t'}`, JSON.stringify(comment));
  }
});

test('foreign markers inside comments and literals count for nothing; in code they count', () => {
  const foreign = 'x := 1; -- @a `b` $$ c::int\n/* SELECT y = @b; `t` */ s := \'$$ @c `d` e::text\';\n';
  assert.deepEqual(detectSqlDialect(foreign), { dialect: 'oracle', evidence: [] });
  assert.deepEqual(detectSqlDialect('SELECT `a`, `b` FROM t;\n').evidence, ['`backtick` names']);
  assert.equal(detectSqlDialect('SELECT x = @a, y = @b, z = @c;\n').dialect, 'tsql');
  assert.deepEqual(detectSqlDialect('SELECT a::int, b::text FROM t;\n'), { dialect: 'postgresql', evidence: ['`::type` casts'] });
});
