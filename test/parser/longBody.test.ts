/**
 * A long body is parsed a run of statements at a time (parseLongBody.ts): the model must be exactly the one a
 * whole parse builds, for every kind of statement and every kind of unit the split accepts; anything it cannot
 * follow, or any syntax error, is parsed whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCounters, parseScript, parseWhole } from '../../server/src/syntax/parseScript.ts';
import { parseLongBody } from '../../server/src/syntax/parseLongBody.ts';
import { splitBodyStatements } from '../../server/src/parser/script/splitBodyStatements.ts';
import { analyzeText } from '../../server/src/analysis/analyze.ts';

/** Statements as application code writes them, with the block structure, strings and comments the scan must see through. */
function statements(copies: number): string {
  const out: string[] = [];
  for (let i = 0; i < copies; i++) {
    out.push(`  l_total := l_total + ${i}; l_count := l_count + 1;
  if l_total > ${i} then
    update orders set status = 'DONE; end' where id = ${i};
  elsif l_count = 2 then null;
  else
    l_name := case when l_count > 1 then 'many' else 'one' end || case l_count when 0 then '' end;
  end if;
  -- a comment with ; and begin and end;
  <<rows_${i}>>
  for r in (select id, q'[it's; end;]' as t from orders where rownum < 10) loop
    select name into l_name from customers c where c.id = r.id;
    exit rows_${i} when l_name is null;
  end loop rows_${i};
  case l_count
    when 1 then dbms_output.put_line('x;'); when 2 then begin log_it(l_count); exception when others then null; end;
    else null;
  end case;
  /* block comment; end; */ declare
    l_inner number := ${i};
  begin
    while l_inner > 0 loop l_inner := l_inner - 1; end loop;
    execute immediate 'begin null; end;';
  end;
  l_text := 'a
multi-line string; end;';
  commit;`);
  }
  return out.join('\n');
}

const declarations = `  l_total number := 0;
  l_count pls_integer := 0;
  l_name varchar2(100);
  l_text varchar2(100);
  cursor c_orders is select id from orders;
  procedure log_it(p number) is
  begin
    if p > 0 then dbms_output.put_line(p); end if;
  end log_it;
`;

const units: Record<string, string> = {
  'anonymous block with declarations and handlers': `declare\n${declarations}begin\n${statements(6)}\nexception\n  when no_data_found then null;\n  when others then rollback; raise;\nend;`,
  'plain anonymous block': `begin\n${statements(5)}\nend;`,
  'standalone procedure': `create or replace procedure load_all(p_region in varchar2) authid definer is\n${declarations}begin\n${statements(5)}\nend load_all;`,
  'standalone function': `create function total_of return number as\n${declarations}begin\n${statements(4)}\n  return l_total;\nend;`,
};

const origin = { line: 12, column: 5 };

for (const [name, text] of Object.entries(units)) {
  test(`a long body is parsed by runs of statements into the model of a whole parse: ${name}`, () => {
    const whole = parseWhole(text, 'segment', origin);
    assert.deepEqual(whole.errors, [], 'the unit is valid PL/SQL');
    const split = parseLongBody(text, origin, parseWhole, 0);
    assert.ok(split, 'the split was taken');
    assert.deepEqual(split.views, whole.views);
    assert.deepEqual(split.errors, []);
  });
}

test('the statement scan finds each top-level statement, with its label, and stops at the handlers', () => {
  const text = 'declare\n  x number;\nbegin\n  x := 1; <<l>> loop exit; end loop l;\n  if x > 0 then x := case x when 1 then 2 end; end if;\nexception when others then null;\nend;';
  const found = splitBodyStatements(text)!;
  const texts = found.starts.map((s, i) => text.slice(s, found.ends[i]));
  assert.deepEqual(texts, ['x := 1;', '<<l>> loop exit; end loop l;', 'if x > 0 then x := case x when 1 then 2 end; end if;']);
});

test('what the scan cannot follow is parsed whole: packages, conditional compilation, a body that never ends', () => {
  assert.equal(splitBodyStatements('create package body p is begin null; end;'), null);
  assert.equal(splitBodyStatements('begin\n  $if dbms_db_version.ver_le_11 $then x := 1; $else x := 2; $end\n  y := 1;\nend;'), null);
  assert.equal(splitBodyStatements('begin\n  x := 1;\n  if x then y := 1;\n'), null, 'unterminated');
});

/** A block well over the split's threshold, then a normal procedure. */
function longScript(broken: boolean): { text: string; insertLine: number } {
  const body = statements(330).replace(broken ? 'l_total := l_total + 200; l_count := l_count + 1;' : '\u0000', 'l_total := l_total + 200; l_count := ;');
  const head = `declare\n${declarations}begin\n${body}\nend;\n/\n`;
  const tail = 'create or replace procedure after_it is\nbegin\n  for i in 1 .. 1000 loop\n    insert into t values (i);\n  end loop;\nend;\n/\n';
  const text = head + tail;
  // (head ends with a line break: its split has one more, empty, part) the INSERT is the fourth line of the tail
  return { text, insertLine: head.split('\n').length + 3 };
}

test('through parseScript: a block over the threshold is split, its model is the whole parse\'s, and the unit after it is parsed as before', () => {
  const { text } = longScript(false);
  assert.ok(text.length > 300 * 1024);
  const before = parseCounters.longBodiesSplit;
  const script = parseScript(text, { unitCache: false });
  assert.equal(parseCounters.longBodiesSplit - before, 1);
  assert.deepEqual(script.syntaxErrors, []);
  const first = script.units[0]!;
  const whole = parseWhole(text.slice(first.segment.start, first.segment.end), 'segment', { line: first.segment.line, column: first.segment.column });
  assert.deepEqual(first.views, whole.views);
  assert.equal(script.units.filter((u) => u.views.length > 0).length, 2);
});

test('a syntax error in a long block: parsed whole, the error reported once at its place, and the next unit\'s finding still reported', () => {
  const { text, insertLine } = longScript(true);
  const errorLine = text.slice(0, text.indexOf('l_count := ;')).split('\n').length;
  const before = parseCounters.longBodiesSplit;
  const { findings } = analyzeText(text, { file: 'load.sql', unitCache: false });
  assert.equal(parseCounters.longBodiesSplit - before, 0, 'not split');
  const errors = findings.filter((f) => f.rule === 'syntax-error');
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.equal(errors[0]!.line, errorLine);
  assert.ok(findings.some((f) => f.rule === 'dml-in-loop' && f.line === insertLine), JSON.stringify(findings.filter((f) => f.line > insertLine - 3)));
});
