/**
 * Tests written for the survivors of mutation round 12 on `semantic/knownCounts.ts` (test/rules/mutation-round12-mknown.md):
 * each fails with the mutants it names applied and passes without them (checked by hand with scripts/mutation-apply.py),
 * and the first test fails on the code before the round's fixes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';

const estimates = (text: string) => analyzeText(text).semantics.loops.map((l) => l.estimate.text);
/** A loop over `l_vals` after `body`, `l_vals` declared with `declaration`. */
const over = (declaration: string, body = '', types = '') =>
  estimates(`declare type t_vals is table of varchar2(30); ${types} l_vals t_vals${declaration}; begin ${body} for i in 1 .. l_vals.count loop null; end loop; end;`);
const about = (n: number) => [`inside a loop of about ${n} ${n === 1 ? 'iteration' : 'iterations'}`];
const perElement = ['once per element of L_VALS'];

test('known counts (fixed in round 12): EXTEND adds an element, LAST overwrites one, q-quotes, only the type constructs', () => {
  // EXTEND adds a NULL element whether or not it is filled; `l(l.LAST) :=` overwrites the last element
  assert.deepEqual(over(" := t_vals('a')", 'l_vals.extend;'), about(2));
  assert.deepEqual(over(" := t_vals('a')", 'l_vals.extend; l_vals.extend; l_vals(l_vals.last) := \'c\';'), about(3));
  assert.deepEqual(over(" := t_vals('a')", "l_vals(l_vals.last) := 'b';"), about(1));
  // a quote inside a q-quoted literal does not end it (nor does the comma after it belong to it)
  assert.deepEqual(over(` := t_vals(q'[it's]', 'b')`), about(2));
  assert.deepEqual(over(` := t_vals(nq'{a'b}', Q'!x!', 'c')`), about(3));
  assert.deepEqual(over(` := t_vals('a', 'b', 'c', q'[it's]', 'e')`), about(5));
  assert.deepEqual(over(` := t_vals('a',q'[b]')`), about(2));
  // a function called with literals is no constructor: its result has any number of elements
  assert.deepEqual(over(" := split_list('a,b', ',')"), perElement);
  assert.deepEqual(over(" := t_vals('a')", "l_vals := split_list('x', 'y', 'z');"), perElement);
  // the type written with its schema or in another case is the same type
  assert.deepEqual(estimates(`declare l_vals sys.odcivarchar2list := SYS.ODCIVARCHAR2LIST('a', 'b'); begin for i in 1 .. l_vals.count loop null; end loop; end;`), about(2));
});

test('known counts: how the constructor and its arguments are read (round 12 survivors)', () => {
  // blanks before the parenthesis; a parenthesis alone inside a literal
  assert.deepEqual(over(" := t_vals ('a', 'b')"), about(2));
  assert.deepEqual(over(" := t_vals('a(', 'b')"), about(2));
  assert.deepEqual(over(" := t_vals(')', 'b')"), about(2));
  // a constructor inside a larger expression is not the whole value
  assert.deepEqual(over(" := t_vals('a')", "l_vals := l_vals multiset union t_vals('z');"), perElement);
  assert.deepEqual(over(" := t_vals('a')", "l_vals := t_vals('z') multiset union l_vals;"), perElement);
  // an initial value that is no call at all; an EXTEND of a collection whose count is not known
  assert.deepEqual(over(' := l_other'), perElement);
  assert.deepEqual(over(" := split_list('a')", 'l_vals.extend;'), perElement);
  // a type not declared here (no symbol), and an associative array whose INDEX BY is spelled with several blanks
  // (the model normalises them to one)
  assert.deepEqual(estimates(`declare l_vals t_elsewhere; begin for i in 1 .. l_vals.count loop null; end loop; end;`), perElement);
  assert.deepEqual(estimates(`declare type t_map is table of varchar2(30) index  by pls_integer; l_vals t_map;
begin l_vals(l_vals.count + 1) := 'a'; for i in 1 .. l_vals.count loop null; end loop; end;`), about(1));
});

test('known counts: what the code after an enclosing declaration does to it (round 12 survivors of onlyRead)', () => {
  // a block declares the collection; its procedure loops over it; the block's own statements after it may write it
  const after = (write: string, read = 'l_vals.count', types = '', declaration = "t_vals := t_vals('a', 'b')") =>
    estimates(`declare type t_vals is table of varchar2(30); ${types} l_vals ${declaration};
  procedure save_all is begin for i in 1 .. ${read} loop null; end loop; end save_all;
begin ${write} save_all; end;`);
  // reads spelled with blanks around the dot: still only reads
  assert.deepEqual(after('', 'l_vals .count'), about(2));
  assert.deepEqual(after('', 'l_vals. count'), about(2));
  assert.deepEqual(after('l_first := l_vals(1);'), about(2));
  // an element written, with or without blanks, by an index holding parentheses
  const perElementOfVals = ['once per element of L_VALS'];
  assert.deepEqual(after("l_vals(1) := 'x';"), perElementOfVals);
  assert.deepEqual(after("l_vals(1):='x';"), perElementOfVals);
  assert.deepEqual(after("l_vals(abs(-1)) := 'x';"), perElementOfVals);
  // a field of an element written, spelled several ways
  const records = 'type t_rec is record (name varchar2(30)); type t_recs is table of t_rec;';
  const recs = (write: string) => after(write, 'l_vals.count', records, 't_recs := t_recs()');
  assert.deepEqual(recs("l_vals(1).name := 'x';"), perElementOfVals);
  assert.deepEqual(recs("l_vals(1).name:='x';"), perElementOfVals);
  assert.deepEqual(recs("l_vals(1). name := 'x';"), perElementOfVals);
  assert.deepEqual(recs(''), about(0));
  // an element keyed by a string holding a parenthesis: the key's parenthesis is not read past (a write, as far as
  // this reading goes, and nothing after it is taken for a read)
  const map = 'type t_map is table of varchar2(30) index by varchar2(10);';
  assert.deepEqual(after("l_vals('(') := 'x';", 'l_vals.count', map, 't_map'), perElementOfVals);
  assert.deepEqual(after('', 'l_vals.count', map, 't_map'), about(0));
});

test('first-iteration tests: spellings and loops that are not (round 12 survivors of isFirstIterationTest)', () => {
  const findings = (text: string) => analyzeText(text).findings.filter((f) => f.rule === 'dml-in-loop').map((f) => `${f.line}:${f.severity}`);
  const inLoop = (loop: string, condition: string, before = '') => findings(`create or replace procedure p(p_n in pls_integer, p_flag in boolean) is
  n pls_integer := 0; l_x pls_integer; l_id number;
  cursor c is select id from t;
begin
  ${before}
  ${loop}
    if ${condition} then
      insert into log_t (id) values (1);
    end if;
  end loop;
end;
/`);
  // the iterator spelled inside parentheses with a blank: still the first iteration (no finding: once per run)
  assert.deepEqual(inLoop('for i in 1 .. p_n loop', '(i = 1 )'), []);
  // an OR or a NOT around the test: not the first iteration only
  assert.deepEqual(inLoop('for i in 1 .. p_n loop', 'p_flag or i = 1'), ['8:warning']);
  assert.deepEqual(inLoop('for i in 1 .. p_n loop', 'not i = 1'), ['8:warning']);
  // REVERSE followed by several line breaks: the first value is the upper bound
  assert.deepEqual(inLoop('for i in reverse\n\n 1 .. p_n loop', 'i = p_n'), []);
  // a cursor's %ROWCOUNT in a numeric FOR loop or a FOR loop over a query: the loop is not over that cursor
  assert.deepEqual(inLoop('for i in 1 .. p_n loop', 'c%rowcount = 1'), ['8:warning']);
  assert.deepEqual(inLoop('for r in (select id from t) loop', 'c%rowcount = 1'), ['8:warning']);
  // SQL%ROWCOUNT in a basic loop: the last UPDATE's rows
  assert.deepEqual(inLoop('loop update t set x = 1 where id = p_n; exit when p_flag;', 'sql%rowcount = 1'), ['6:warning', '8:warning']);
  // the iterator compared with the first bound plus something that changes in the loop: not the first iteration
  assert.deepEqual(inLoop('for i in 1 .. p_n loop l_x := i - 1;', 'i = 1 +l_x'), ['8:warning']);
  // a counter with another assignment in the loop; a counter assigned twice; an increment that is not by one
  assert.deepEqual(inLoop('for r in c loop n := n + 1; l_x := n;', 'n = 1'), []);
  assert.deepEqual(inLoop('for r in c loop n := n + 1; n := 0;', 'n = 1'), ['8:warning']);
  assert.deepEqual(inLoop('for r in c loop n := n + 2;', 'n = 1'), ['8:warning']);
  // a list of values in place of a range (21c): the first value is not read
  assert.deepEqual(inLoop('for i in 1, 2, 3 loop', 'i = 1'), ['8:warning']);
});

test('seed JSON rows: spellings and what loses the count (round 12 survivors of literalJsonRows)', () => {
  const json = (assignments: string, call = "json_table(l_json,'$[*]'") =>
    estimates(`declare l_json varchar2(4000); l_tail varchar2(10); begin ${assignments} for r in (select a from ${call} columns (a number path '$.a'))) loop null; end loop; end;`);
  const perRow = ['once per row of the query at line 1'];
  assert.deepEqual(json(`l_json := '[{"a":1},{"a":2}]';`, "json_table (l_json,'$[*]'"), about(2));
  assert.deepEqual(json(`l_json := '[{"a":1},{"a":2}]';`, "json_table(l_json , '$[*]'"), about(2));
  assert.deepEqual(json(`l_json := '[{"a":1},{"a":2}]' ;`), about(2));
  // a literal followed by more: not the whole value; a later value that is not JSON loses the count
  assert.deepEqual(json(`l_json := '[{"a":1}]' || l_tail;`), perRow);
  assert.deepEqual(json(`l_json := '[{"a":1},{"a":2}]'; l_json := 'not json';`), perRow);
});

test('seed JSON rows: a SELECT or FETCH INTO the variable, a call it is passed to, or an IF that assigns it, between the literal and the loop, loses the count', () => {
  const json = (between: string) =>
    estimates(`declare l_json varchar2(4000); l_n number; cursor c is select doc from seeds; begin l_json := '[{"a":1},{"a":2}]'; ${between} for r in (select a from json_table(l_json,'$[*]' columns (a number path '$.a'))) loop null; end loop; end;`);
  const perRow = ['once per row of the query at line 1'];
  assert.deepEqual(json(''), about(2));
  // only read between: the literal's rows
  assert.deepEqual(json('l_n := length(l_json);'), about(2));
  assert.deepEqual(json('select count(*) into l_n from seeds;'), about(2));
  // written between: the rows are the data's
  assert.deepEqual(json('select doc into l_json from seeds where id = 1;'), perRow);
  assert.deepEqual(json('open c; fetch c into l_json; close c;'), perRow);
  assert.deepEqual(json('load_seed(l_json);'), perRow);
  assert.deepEqual(json("if l_n > 0 then l_json := '[1,2,3,4,5]'; end if;"), perRow);
  // a later literal counts again
  assert.deepEqual(json(`load_seed(l_json); l_json := '[1,2,3]';`), about(3));
});
