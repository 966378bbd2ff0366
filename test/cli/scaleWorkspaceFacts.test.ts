/**
 * `--jobs N` and `--cache` where a file's findings hang on facts other files hold: a call chain through two
 * other files to an UPDATE (hidden-sql-in-loop), a function that another file's query calls once per row (its
 * loop findings become per-row), and a primary key declared in another file's DDL (a loop over one row). Each
 * run must give what `--jobs 1` gives, and a cached run must follow a change three calls away.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli } from './runCli.ts';

let root: string;
before(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'plsql-perf-scale-facts-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

interface Found { file: string; line: number; rule: string; severity: string; message: string }

function check(args: string[]): Found[] {
  const run = runCli(['check', '--format', 'json', '--fail-on', 'never', ...args], { cwd: root });
  assert.equal(run.code, 0, run.stderr);
  return (JSON.parse(run.stdout).findings as Found[]).map(({ file, line, rule, severity, message }) => ({ file, line, rule, severity, message }));
}

const ROW_FUNCTION = `create or replace function order_total(p_id number) return number is
  l number := 0;
begin
  for i in 1 .. 3 loop
    l := l + i;
  end loop;
  select sum(amount) into l from order_lines where order_id = p_id;
  return l;
end;
/
`;

const QUERY_CALLING_IT = `create or replace procedure report_totals is
begin
  for r in (select order_id, order_total(order_id) total from orders) loop
    dbms_output.put_line(r.total);
  end loop;
end;
/
`;

const KEYED_LOOP = `create or replace procedure touch_customer(p_id number) is
begin
  for c in (select name from customers where customer_id = p_id) loop
    update audit_log set seen = sysdate where name = c.name;
  end loop;
end;
/
`;

const CUSTOMERS_DDL = `create table customers (customer_id number primary key, name varchar2(100));
`;

function project(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(repoRoot, 'test/rules/fixtures/hidden-sql-in-loop'), join(dir, 'chain'), { recursive: true });
  writeFileSync(join(dir, 'order_total.fnc'), ROW_FUNCTION);
  writeFileSync(join(dir, 'report_totals.prc'), QUERY_CALLING_IT);
  writeFileSync(join(dir, 'touch_customer.prc'), KEYED_LOOP);
  writeFileSync(join(dir, 'customers.sql'), CUSTOMERS_DDL);
  return name;
}

test('--jobs 2 reports what --jobs 1 reports when findings depend on call chains, SQL callers and keys in other files', () => {
  const dir = project('jobs');
  const one = check(['--jobs', '1', dir]);
  // the facts from other files are in the single-thread report, so the comparison covers them
  assert.ok(one.some((f) => f.rule === 'hidden-sql-in-loop' && f.file.endsWith('billing.pkb') && /touch_rate\.prc/i.test(f.message)), JSON.stringify(one, null, 1));
  assert.ok(one.some((f) => f.rule === 'plsql-function-in-sql' && f.file.endsWith('report_totals.prc') && /order_total\.fnc:7/i.test(f.message)), 'the query calls a function of another file that runs SQL');
  assert.ok(!one.some((f) => f.file.endsWith('touch_customer.prc') && f.rule === 'dml-in-loop' && f.severity !== 'info'), 'the loop over a primary key runs at most once');
  assert.deepEqual(check(['--jobs', '2', dir]), one);
});

test('--cache follows a change three calls away, a new SQL caller and a dropped key', () => {
  const dir = project('cached');
  const cache = join(root, 'facts-cache.json');
  const fresh = () => check(['--jobs', '1', dir]);
  const cached = () => check(['--jobs', '1', '--cache', cache, dir]);
  assert.deepEqual(cached(), fresh());
  assert.deepEqual(cached(), fresh(), 'a second run from the cache');

  // the UPDATE two calls away goes: billing.pkb is unchanged, its finding must go too
  writeFileSync(join(root, dir, 'chain/touch_rate.prc'), `create or replace procedure touch_rate(p_order_id number) as
begin
  null;
end touch_rate;
/
`);
  const afterChange = cached();
  assert.deepEqual(afterChange, fresh());
  assert.ok(!afterChange.some((f) => f.rule === 'hidden-sql-in-loop' && /touch_rate/i.test(f.message)));

  // no other file calls order_total from SQL any more: its body is no longer per-row
  writeFileSync(join(root, dir, 'report_totals.prc'), QUERY_CALLING_IT.replace('order_total(order_id) total', 'amount total'));
  assert.deepEqual(cached(), fresh());

  // the key goes: the loop in touch_customer.prc may run for many rows again
  writeFileSync(join(root, dir, 'customers.sql'), 'create table customers (customer_id number, name varchar2(100));\n');
  assert.deepEqual(cached(), fresh());
});
