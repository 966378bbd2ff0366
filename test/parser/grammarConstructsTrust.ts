/**
 * The parser gaps of issue 14 (item 14) that hid findings on real code: forms Oracle accepts (written from the SQL,
 * PL/SQL and SQL*Plus references, in our own code) and, per group, one invalid form with the error it must give.
 * Used by grammarTrust.test.ts.
 */
import type { ConstructGroup } from './grammarConstructsModern.ts';

export const trustConstructs: ConstructGroup[] = [
  {
    bullet: 'NEW and OLD as names outside triggers',
    accepted: [
      { name: 'table aliases in a join', code: 'select new.id, old.name\n  from t_new new\n  join t_old old on old.id = new.id;' },
      { name: 'aliases in a cursor FOR loop of a procedure', code: `create or replace procedure sync_names as
begin
  for r in (select new.id, new.name from staging new left join names old on old.id = new.id where old.id is null) loop
    insert into names (id, name) values (r.id, r.name);
  end loop;
end;` },
      { name: 'MERGE with OLD and NEW as aliases', code: 'merge into accounts old\nusing (select id, balance from accounts_in) new\n   on (old.id = new.id)\n when matched then update set old.balance = new.balance\n when not matched then insert (id, balance) values (new.id, new.balance);' },
      { name: 'an object constructor still takes NEW', code: 'declare\n  p t_point;\n  a json_array_t;\nbegin\n  p := new t_point(1, 2);\n  p := new app.t_point(3, 4);\n  a := new json_array_t;\nend;' },
      { name: 'a trigger referencing NEW AS', code: 'create or replace trigger orders_bu\n  before update on orders\n  referencing new as n old as o\n  for each row\nbegin\n  :n.changed := sysdate;\nend;' },
    ],
    rejected: { name: 'a constructor whose argument list is never closed', code: 'declare\n  p t_point;\nbegin\n  p := new t_point(1, 2;\nend;', line: 4, column: 24, message: /unexpected ';'/ },
  },
  {
    bullet: 'OUT as a variable name',
    accepted: [
      { name: 'a variable called out', code: "declare\n  out varchar2(100);\nbegin\n  out := 'x';\n  dbms_output.put_line(out || '!');\nend;" },
      { name: 'parameter modes around it', code: 'create or replace procedure p(a in number, b out number, c in out nocopy number, out in number) as\nbegin\n  b := a + out;\n  execute immediate \'begin :x := 1; end;\' using out b;\nend;' },
    ],
    rejected: { name: 'IN, which is reserved', code: 'declare\n  in number;\nbegin\n  null;\nend;', line: 2, column: 3, message: /unexpected 'in'/ },
  },
  {
    bullet: 'qualified expressions with expression keys',
    accepted: [
      { name: 'negative and computed keys', code: "declare\n  type t_map is table of varchar2(10) index by pls_integer;\n  m t_map;\nbegin\n  m := t_map(-5 => 'x', 1 => 'y', 1 + 2 => 'z', -(2 * 3) => 'w');\nend;" },
      { name: 'keys from function calls and concatenation', code: "declare\n  type t_smap is table of number index by varchar2(10);\n  s t_smap;\n  k varchar2(10) := 'a';\nbegin\n  s := t_smap(upper(k) => 1, 'b' || k => 2, k => 3);\nend;" },
    ],
    rejected: { name: 'a key without its value', code: "declare\n  type t_map is table of varchar2(10) index by pls_integer;\n  m t_map;\nbegin\n  m := t_map(-5 => );\nend;", line: 5, column: 20, message: /expected an expression/ },
  },
  {
    bullet: 'Select AI',
    accepted: [
      { name: 'the default action', code: 'select ai how many customers exist;' },
      { name: 'actions', code: 'select ai showsql how many customers in San Francisco are married;\nselect ai narrate what are the top 3 customers in San Francisco;\nselect ai chat what is the difference between a view and a table;\nselect ai explainsql how many orders were placed last month' },
      { name: 'a column called ai stays a column', code: 'select ai from models;\nselect ai x from models;\nselect ai, b from models;' },
    ],
    rejected: { name: 'inside PL/SQL, where Select AI is not supported', code: 'begin\n  select ai showsql how many customers;\nend;', line: 2, column: 21, message: /';' expected before 'how'/ },
  },
  {
    bullet: 'SQL*Plus line continuation in SQL statements',
    accepted: [
      { name: "the sample schemas' loaders", code: "INSERT INTO countries VALUES (-\n'AR'-\n,'Argentina'-\n,2-\n);\nINSERT INTO locations VALUES(1726-\n,'AR'-\n)\n/" },
      { name: 'a hyphen with blanks after it', code: "insert into t values (1 - \n, 'x');" },
      { name: 'hyphens in comments and strings are text', code: "select 'a-\nb' x -- note -\n  from dual /* range 1 -\n 2 */;\n--\nselect 1 from dual;" },
      { name: 'a minus at the end of a later line of a SQL statement is arithmetic', code: 'select file_name,\n       ceil(blocks * 8192 / 1024) -\n       ceil(hwm * 8192 / 1024) savings\n  from dba_data_files;\nselect 5,\n       10 -\n       3 from dual;' },
      { name: 'a minus at the end of a PL/SQL line is arithmetic', code: 'declare\n  x number;\nbegin\n  x := 5 -\n    3;\n  select 10 -\n         2 into x from dual;\nend;\n/' },
    ],
    rejected: { name: 'a trailing minus meant as arithmetic in a SQL statement', code: 'select 5 -\n3 from dual;', line: 1, column: 8, message: /';' expected after '5'/ },
  },
];
