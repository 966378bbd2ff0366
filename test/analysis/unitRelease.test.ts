/**
 * A check run hands its parse to the analysis (`findingsOnly`): each unit's models are dropped as soon as the
 * rules have walked it, so a file of thousands of units never holds them all while findings grow. The findings
 * must be exactly those of the analysis that keeps every model (the editor's).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { createProjectAnalyzer } from '../../server/src/analysis/analyzeProject.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';

const examples = join(import.meta.dirname, '../../examples');

/** A deployment script: seeded rows, a loop over the dictionary, stored units with findings between them. */
const script = `set serveroutput on
create table orders (id number primary key, status varchar2(10));
insert into orders values (1, 'OPEN');

create or replace procedure mark_all is
begin
  for r in (select id from orders) loop
    update orders set status = 'SEEN' where id = r.id;
    commit;
  end loop;
end;
/

begin
  for t in (select table_name from user_tables) loop
    execute immediate 'analyze table ' || t.table_name || ' compute statistics';
  end loop;
  for r in (select id from orders) loop
    mark_one(r.id);
  end loop;
end;
/

create or replace procedure mark_one(p_id number) is
begin
  update orders set status = 'SEEN' where id = p_id;
end;
/
`;

function both(text: string, file: string) {
  const kept = analyzeText(text, { file, unitCache: false });
  const released = parseScript(text, { unitCache: false });
  const handedOver = analyzeText(text, { file, script: released, unitCache: false, findingsOnly: true });
  return { kept, handedOver, released };
}

test('findings are the same when each unit\'s models are released once walked (every example, a deployment script)', () => {
  const inputs = readdirSync(examples).filter((f) => /\.(sql|pkb|pks|prc|fnc|tps|trg)$/i.test(f)).map((f) => ({ file: join(examples, f), text: readFileSync(join(examples, f), 'utf8') }));
  inputs.push({ file: '/p/deploy/install.sql', text: script });
  assert.ok(inputs.length > 5);
  let findings = 0;
  for (const { file, text } of inputs) {
    const { kept, handedOver } = both(text, file);
    assert.deepEqual(handedOver.findings, kept.findings, file);
    findings += kept.findings.length;
  }
  assert.ok(findings > 10, 'the inputs have findings to compare');
});

test('a released analysis leaves no model in the script and collects no editor semantics; the editor\'s keeps both', () => {
  const { kept, handedOver, released } = both(script, '/p/deploy/install.sql');
  assert.ok(released.units.length >= 4);
  assert.ok(released.units.every((u) => u.views.length === 0), 'every unit released');
  assert.ok(kept.script.units.some((u) => u.views.length > 0), 'the editor keeps its models');
  assert.equal(handedOver.semantics.loops.length, 0);
  assert.ok(kept.semantics.loops.length >= 3);
  // the roles still see each unit: the deployment script's loops are lowered and say why
  assert.deepEqual(handedOver.findings.map((f) => f.role), kept.findings.map((f) => f.role));
  assert.ok(handedOver.findings.some((f) => f.role === 'deployment'));
});

test('a check run releases each file\'s models and its call graph\'s hold on the parse; later files still resolve calls into it', () => {
  const analyzer = createProjectAnalyzer({}, { findingsOnly: true });
  const callee = 'create or replace procedure touch(p number) is\nbegin\n  update t set x = p;\nend;\n/\n';
  const caller = 'create or replace procedure run_all is\nbegin\n  for i in 1 .. 1000 loop\n    touch(i);\n  end loop;\nend;\n/\n';
  analyzer.index('a.sql', callee);
  analyzer.index('b.sql', caller);
  const first = analyzer.analyze('a.sql', callee);
  assert.ok(first.result.script.units.every((u) => u.views.length === 0));
  assert.equal(analyzer.workspace.callGraph.isCurrent('a.sql', first.result.script), false, 'the graph lets go of the parse');
  const second = analyzer.analyze('b.sql', caller);
  assert.ok(second.findings.some((f) => f.line === 4 && f.message.includes('TOUCH')), JSON.stringify(second.findings));
});

test('after a part of thousands of units and one huge block, a normal unit\'s finding is still reported at its line', () => {
  const units: string[] = [];
  for (let i = 0; i < 2000; i++) units.push(`create or replace procedure p${i} is\nbegin\n  update t set x = ${i} where id = ${i};\nend;\n/\n`);
  const statements = Array.from({ length: 20_000 }, (_, i) => `  x := x + ${i};`).join('\n');
  const huge = `declare\n  x number := 0;\nbegin\n${statements}\nend;\n/\n`;
  const last = 'create or replace procedure last_one is\nbegin\n  for i in 1 .. 1000 loop\n    insert into t values (i);\n  end loop;\nend;\n/\n';
  const text = units.join('') + huge + last;
  const lastLine = text.split('\n').length - 8 + 4; // the INSERT of last_one
  const released = analyzeText(text, { file: 'big.sql', script: parseScript(text, { unitCache: false }), unitCache: false, findingsOnly: true });
  const insert = released.findings.filter((f) => f.line === lastLine);
  assert.equal(insert.length, 1, JSON.stringify(released.findings.slice(-3)));
  assert.equal(insert[0]!.rule, 'dml-in-loop');
  assert.equal(released.findings.filter((f) => f.rule === 'syntax-error').length, 0);
});

test('dynamic DDL is found as the one regular expression found it, in linear time', async () => {
  const { runsDynamicDdl } = await import('../../server/src/analysis/roles/applyRoles.ts');
  const DDL_WORD = String.raw`'\s*(?:CREATE|DROP|ALTER(?!\s+(?:SESSION|SYSTEM)\b)|GRANT|REVOKE|TRUNCATE)\s`;
  const original = new RegExp(String.raw`\b(?:EXECUTE\s+IMMEDIATE|DBMS_SQL\s*\.\s*PARSE)\b[\s\S]*?${DDL_WORD}|${DDL_WORD}[\s\S]*?\bEXECUTE\s+IMMEDIATE\b`, 'i');
  const pieces = ['execute immediate', 'EXECUTE  IMMEDIATE', 'xexecute immediate', 'dbms_sql.parse', 'DBMS_SQL . PARSE', "'create ", "' drop\n", "'alter session ", "'alter table ", "'grant", "'truncate ", ' l_sql ', ';', "'", 'immediate ', '\n'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let positives = 0;
  for (let i = 0; i < 3000; i++) {
    const code = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
    const expected = original.test(code);
    assert.equal(runsDynamicDdl(code), expected, JSON.stringify(code));
    if (expected) positives++;
  }
  assert.ok(positives > 300 && positives < 2700, `both answers are tried (${positives} positives)`);
  // thousands of EXECUTE IMMEDIATE without DDL: answered at once
  const many = "begin\n" + "  execute immediate 'begin null; end;';\n".repeat(20_000) + 'end;';
  assert.equal(runsDynamicDdl(many), false);
});
