/**
 * The scan of the names a file may define (server/src/cli/scale/definedNames.ts), which decides which files keep
 * their parse for the second pass of a run that analyzes each file as it parses it: what it takes for a definition,
 * and when a lookup of another file's analysis may be answered by it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DefinedNames } from '../../server/src/cli/scale/definedNames.ts';

const scanned = (...texts: string[]) => {
  const names = new DefinedNames();
  texts.forEach((text, file) => names.add(file, text));
  return names;
};

test('schema objects where they are created, and every procedure and function declared', () => {
  const names = scanned(
    `create or replace editionable package body hr.billing_pkg as
       function get_rate(p number) return number is begin return 1; end;
       procedure "Post_Invoice" is begin null; end;
     end;`,
    `CREATE TABLE IF NOT EXISTS orders (id number primary key);
     create materialized view order_totals as select 1 x from dual;
     create or replace noneditionable type t_ids as table of number;
     create trigger orders_bi before insert on orders for each row begin null; end;`,
  );
  assert.deepEqual(new Map(names.toEntries()), new Map([
    ['BILLING_PKG', 0], ['GET_RATE', 0], ['POST_INVOICE', 0],
    ['ORDERS', 1], ['ORDER_TOTALS', 1], ['T_IDS', 1], ['ORDERS_BI', 1],
  ]));
});

test('a local type, a variable or a column is no definition', () => {
  const names = scanned(`declare
      type t_rows is table of orders%rowtype;
      l_table varchar2(30) := 'function';
    begin
      select count(*) into l_count from user_tables where table_name = l_table;
    end;`);
  assert.deepEqual(names.toEntries(), []);
});

test('a lookup may be answered elsewhere when another file, or several, may define a part of the name or the table', () => {
  const names = scanned(
    'create package body pkg_a as procedure shared_name is begin null; end; end;',
    'create table orders (id number); create package pkg_b as procedure shared_name; end;',
  );
  assert.equal(names.elsewhere('PKG_A', 0), false, 'its own package');
  assert.equal(names.elsewhere('PKG_A', 1), true);
  assert.equal(names.elsewhere('PKG_B.LOCAL_ONLY', 0), true, 'the package part');
  assert.equal(names.elsewhere('SHARED_NAME', 0), true, 'defined by both files');
  assert.equal(names.elsewhere('keys:ORDERS', 0), true, "another file's table");
  assert.equal(names.elsewhere('keys:ORDERS', 1), false, 'its own table');
  assert.equal(names.elsewhere('DBMS_OUTPUT.PUT_LINE', 0), false, 'defined by no file');
  assert.equal(DefinedNames.fromEntries(names.toEntries()).elsewhere('SHARED_NAME', 1), true, 'the same after passing to a worker thread');
});
