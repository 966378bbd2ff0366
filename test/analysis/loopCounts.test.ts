/**
 * What a loop's count is read to be where the code states it or seems to: a loop over rows that always leaves in
 * its first iteration (semantic/firstIteration.ts), a WHILE counter and its bound (semantic/loops.ts), a variable's
 * declared value overwritten before the loop (valueAtLoop in semantic/walk.ts). Each case says whether the INSERT
 * in the loop is per iteration (dml-in-loop reports it) and, where it matters, what the message says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';

interface Seen { line: number; rule: string; severity: string; message: string }

function findingsOf(text: string): Seen[] {
  const entry = analyzeProject([{ file: 'counts.sql', text }]).results[0]!;
  assert.ok('result' in entry, String((entry as { error?: unknown }).error));
  const findings = entry.result.findings;
  assert.deepEqual(findings.filter((f) => f.rule === 'syntax-error').map((f) => f.message), []);
  return findings.map((f) => ({ line: f.line, rule: f.rule, severity: f.severity, message: f.message }));
}

/** A procedure whose loop over rows holds `body`; the INSERT to look at is the body's first line (line 6). */
function overRows(body: string, declarations = ''): string {
  return `create or replace procedure pick(p_case number) as
  l_done pls_integer := 0;
  l_state varchar2(10);
  l_other pls_integer;${declarations}
begin
  <<agents_loop>> for a in (select agent_id, away from agents order by open_cases) loop
${body}
  end loop;
end pick;
/
`;
}

const INSERT = '    insert into assignments (case_id, agent_id) values (p_case, a.agent_id);';

function insertPerRow(body: string, declarations = ''): boolean {
  return findingsOf(overRows(`${INSERT}\n${body}`, declarations)).some((f) => f.rule === 'dml-in-loop' && f.line === 7);
}

test('a loop over rows that always leaves in its first iteration: the INSERT in it is not per row', () => {
  assert.equal(insertPerRow('    l_done := 1;\n    exit when l_done = 1;'), false, 'a flag set and tested');
  assert.equal(insertPerRow('    l_done := 10;\n    exit when (l_done = 10);'), false, 'a two-digit literal, the condition in parentheses');
  assert.equal(insertPerRow("    l_state := 'done';\n    exit agents_loop when l_state = 'done';"), false, 'a string flag, EXIT naming the loop');
  assert.equal(insertPerRow('    l_done := 1;\n    if l_done = 1 then\n      dbms_output.put_line(a.agent_id);\n    end if;\n    exit when l_done = 1;'), false,
    'an IF that only reads the flag in its condition');
  assert.equal(insertPerRow('    l_done := 1;\n    l_other := 2;\n    exit when l_done = 1;'), false, 'another variable assigned in between');
  assert.equal(insertPerRow('    l_done:=1;\n    exit   when   l_done   =   1  ;'), false, 'spaced otherwise');
  assert.equal(insertPerRow("    l_done := 1;\n    if a.away = 'Y' then\n      l_other := l_done;\n    end if;\n    exit when l_done = 1;"), false,
    'an IF whose branch reads the flag into another variable');
  assert.equal(insertPerRow('    l_done := 1;\n    case when l_done = 1 then\n      null;\n    else\n      null;\n    end case;\n    exit when l_done = 1;'), false,
    'a CASE that only reads the flag in its conditions');
});

test('a loop that may go round again stays a loop over the rows', () => {
  assert.equal(insertPerRow('    l_done := 2;\n    exit when l_done = 1;'), true, 'set to another value than the one tested');
  assert.equal(insertPerRow("    l_state := 'done';\n    exit when l_state = 'DONE';"), true, "'done' is not 'DONE'");
  assert.equal(insertPerRow('    l_done := 1;\n    l_done := a.agent_id;\n    exit when l_done = 1;'), true, 'set again from the row');
  assert.equal(insertPerRow('    l_done := least(a.agent_id, 1);\n    exit when l_done = 1;'), true, 'set from an expression');
  assert.equal(insertPerRow('    l_done := 1;\n    if a.away = \'Y\' then\n      l_done := 0;\n    end if;\n    exit when l_done = 1;'), true,
    'set back in an IF');
  assert.equal(insertPerRow('    exit when l_done = 1;\n    l_done := 1;'), true, 'the EXIT before the flag is set');
  assert.equal(insertPerRow('    l_done := a.agent_id;\n    exit when l_done = a.agent_id;'), true, 'set from the row: NULL = NULL is not true');
  assert.equal(insertPerRow("    l_done := 1;\n    if a.away = 'Y' then\n      null;\n    else\n      l_done := 0;\n    end if;\n    exit when l_done = 1;"), true,
    'set back in one branch of two');
  assert.equal(insertPerRow('    l_done := 1;\n    exit when l_other = 1;'), true, 'EXIT on another variable');
});

test('a CONTINUE or GOTO anywhere in the loop may skip the EXIT', () => {
  const exit = '    l_done := 1;\n    exit when l_done = 1;';
  assert.equal(insertPerRow(`    if a.away = 'Y' then\n      continue;\n    end if;\n${exit}`), true, 'in an IF');
  assert.equal(insertPerRow(`    if a.away = 'Y' then\n      null;\n    elsif a.away = 'N' then\n      continue;\n    end if;\n${exit}`), true, 'in one branch of two');
  assert.equal(insertPerRow(`    begin\n      continue when a.away = 'Y';\n    end;\n${exit}`), true, 'in a block');
  assert.equal(insertPerRow(`    begin\n      null;\n    exception\n      when others then\n        continue;\n    end;\n${exit}`), true, 'in a handler');
  assert.equal(insertPerRow(`    begin\n      null;\n    exception\n      when no_data_found then\n        null;\n      when others then\n        continue;\n    end;\n${exit}`), true,
    'in the second of two handlers');
  assert.equal(insertPerRow(`    for k in 1 .. 2 loop\n      continue agents_loop when a.away = 'Y';\n    end loop;\n${exit}`), true, 'naming the loop from an inner one');
  assert.equal(insertPerRow(`    if a.away = 'Y' then\n      goto next_agent;\n    end if;\n${exit}\n    <<next_agent>> null;`), true, 'a GOTO');
  assert.equal(insertPerRow(`    begin\n      null;\n    exception\n      when others then\n        null;\n    end;\n${exit}`), false, 'a block without one');
});

test('an inner loop that takes the first row says so where the outer loop makes it a lookup per row', () => {
  const found = findingsOf(`create or replace procedure assign_all as
  l_done pls_integer;
begin
  for c in (select case_id from cases) loop
    l_done := 0;
    for a in (select agent_id from agents order by open_cases) loop
      update agents set open_cases = open_cases + 1 where agent_id = a.agent_id;
      l_done := 1;
      exit when l_done = 1;
    end loop;
    for b in (select agent_id from agents order by open_cases) loop
      update agents set checked = 'Y' where agent_id = b.agent_id;
      exit;
    end loop;
  end loop;
end assign_all;
/
create or replace function first_free return number as
begin
  for c in (select case_id from cases) loop
    for a in (select agent_id from agents order by open_cases) loop
      return a.agent_id;
    end loop;
  end loop;
  return null;
end first_free;
/
`);
  const nested = found.filter((f) => f.rule === 'nested-cursor-loop').map((f) => `${f.line} ${f.message}`);
  assert.equal(nested.length, 3, JSON.stringify(found));
  assert.match(nested[0]!, /^6 The loop reads at most one row \(it leaves in its first iteration \(EXIT WHEN l_done = 1 at line 9, after it is set at line 8\)\)/);
  assert.match(nested[1]!, /^11 The loop reads at most one row \(it leaves in its first iteration \(EXIT at line 13\)\)/);
  assert.match(nested[2]!, /^21 The loop reads at most one row \(it returns in its first iteration \(RETURN at line 22\)\)/);
  const updates = found.filter((f) => f.rule === 'dml-in-loop').map((f) => `${f.line} ${f.severity} ${f.message}`);
  assert.equal(updates.length, 2);
  assert.match(updates[0]!, /^7 warning UPDATE runs once per row of the query at line 4 \(the loop at line 6 reads at most one row: it leaves in its first iteration/);
  // the EXIT leaves the inner loop, not the outer one: the UPDATE before it still runs once per outer row
  assert.match(updates[1]!, /^12 warning UPDATE runs once per row of the query at line 4 \(the loop at line 11 reads at most one row: it leaves in its first iteration \(EXIT at line 13\)\)/);
});

test('a RETURN in the loop over a cursor: one row is fetched, so no row-by-row fetch', () => {
  const found = findingsOf(`create or replace function first_agent return number as
  cursor c is select agent_id from agents order by open_cases;
  l_agent number;
begin
  open c;
  loop
    fetch c into l_agent;
    exit when c%notfound;
    return l_agent;
  end loop;
  close c;
  return null;
end first_agent;
/
`);
  assert.deepEqual(found.filter((f) => f.rule === 'row-by-row-fetch'), []);
});

/** The severity dml-in-loop gives the INSERT of a procedure (one finding expected), with its message. */
function insertFinding(text: string): string {
  const found = findingsOf(text).filter((f) => f.rule === 'dml-in-loop');
  assert.equal(found.length, 1, JSON.stringify(found));
  return `${found[0]!.severity} ${found[0]!.message}`;
}

function procedure(declarations: string, body: string): string {
  return `create or replace procedure levels as\n${declarations}\nbegin\n${body}\nend levels;\n/\n`;
}

test('a WHILE loop: a counter against a bound nothing in the loop writes has a count; anything else has none', () => {
  const declarations = '  l_more number := 1;\n  i pls_integer := 1;\n  l_max pls_integer := 20;';
  const counted = (header: string, inside = '') => insertFinding(procedure(declarations,
    `  while ${header} loop\n    insert into t (n) values (i);${inside}\n    i := i + 1;\n  end loop;`));
  assert.match(counted('i <= 20'), /^info .*inside a loop of about 20 iterations/);
  assert.match(counted('(i <= l_max)'), /^info .*about 20 iterations/);
  assert.match(counted('20 >= i'), /^info .*about 20 iterations/);
  assert.match(counted('l_more > 0', '\n    select count(*) into l_more from t where n > i;'), /^warning .*INSERT runs inside a loop:/);
  assert.match(counted('0 < l_more', '\n    l_more := l_more - 1;'), /^warning .*inside a loop:/);
  assert.match(counted('i <= l_max', '\n    select max(n) into l_max from t;'), /^warning .*inside a loop:/);
  assert.match(counted('i <= l_max', '\n    l_max := l_max - 1;'), /^warning .*inside a loop:/);
  assert.match(counted('i <= l_max', '\n    next_limit(p_limit => l_max);'), /^warning .*inside a loop:/);
  assert.match(counted('i <= l_max', '\n    log_limit(l_max, i);'), /^warning .*inside a loop:/);
  assert.match(counted('i <= l_max', '\n    log_limit(i, l_max);'), /^warning .*inside a loop:/);
  assert.match(counted('i <= l_max', '\n    l_more := l_max;'), /^info .*about 20 iterations/, 'a read of the bound is no write');
});

test('a bound variable keeps its declared value only while nothing before the loop may write it', () => {
  const declarations = '  l_n pls_integer := 5;\n  l_m pls_integer := 5;';
  const counted = (before: string) => insertFinding(procedure(declarations, `${before}\n  for i in 1 .. l_n loop\n    insert into t (n) values (i);\n  end loop;`));
  assert.match(counted('  l_m := 7;'), /^info .*about 5 iterations/);
  assert.match(counted('  l_m := l_n;'), /^info .*about 5 iterations/);
  assert.match(counted('  select count(*) into l_n from t;'), /^warning .*INSERT runs inside a loop:/);
  assert.match(counted('  select count(*), max(n) into l_m, l_n from t;'), /^warning .*inside a loop:/);
  assert.match(counted('  l_n := 50;'), /^warning .*inside a loop:/);
  assert.match(counted('  get_size(l_n);'), /^warning .*inside a loop:/);
  assert.match(counted('  execute immediate \'select count(*) from t\' into l_n;'), /^warning .*inside a loop:/);
});

test('a package variable and a constant keep their declared value', () => {
  const found = insertFinding(`create or replace package body sizes as
  g_rows pls_integer := 30;
  procedure fill is
  begin
    for i in 1 .. g_rows loop
      insert into t (n) values (i);
    end loop;
  end fill;
  procedure grow is
  begin
    g_rows := 3000;
  end grow;
end sizes;
/
`);
  assert.match(found, /^info .*about 30 iterations/);
  assert.match(insertFinding(procedure('  c_n constant pls_integer := 8;', '  get_size(c_n);\n  for i in 1 .. c_n loop\n    insert into t (n) values (i);\n  end loop;')),
    /^info .*about 8 iterations/);
});
