/**
 * Input a new user may feed the checker by accident or to try it: nesting far deeper than any real code, a
 * binary file, one error at the end of a very large package body. Each must cost the unit it is in (or the file,
 * for binary data) one clear error, never the analysis of the rest, never a crash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { decodeSource } from '../../server/src/parser/decodeSource.ts';
import { buildBigBody, INJECTED_ERROR } from '../bench/bigBody.ts';
import { corpusRoot, loadCorpus } from '../bench/corpus.ts';

const nextUnit = `create or replace procedure next_unit is
begin
  for r in (select id from invoices) loop
    apply_rate(r.id);
  end loop;
end;
/
`;

function nestedIfs(depth: number): string {
  return `create or replace procedure deep is\nbegin\n${'if x then\n'.repeat(depth)}null;\n${'end if;\n'.repeat(depth)}end;\n/\n${nextUnit}`;
}

function nestedParentheses(depth: number): string {
  return `create or replace procedure deep is\nbegin\n  x := ${'('.repeat(depth)}1${')'.repeat(depth)};\nend;\n/\n${nextUnit}`;
}

function assertTooDeepButNextUnitAnalysed(text: string, expectedLine: number): void {
  const script = parseScript(text, { unitCache: false });
  assert.equal(script.units.length, 2);
  const [deep, next] = script.units;
  assert.equal(script.syntaxErrors.length, 1, JSON.stringify(script.syntaxErrors));
  const error = script.syntaxErrors[0]!;
  assert.match(error.message, new RegExp(`^nesting too deep at line ${expectedLine}: this unit is not analysed`));
  assert.equal(error.line, expectedLine);
  assert.deepEqual(deep!.views, []);
  // the unit after it is analysed in full
  assert.equal(next!.syntaxErrors.length, 0);
  const unit = next!.views[0]![0]!;
  assert.equal(unit.name, 'NEXT_UNIT');
  assert.equal(unit.body?.statements[0]?.statementKind, 'loop');
}

for (const depth of [1000, 10_000]) {
  test(`${depth} nested IFs: "nesting too deep" for that unit, the next unit analysed`, () => {
    const script = parseScript(nestedIfs(depth), { unitCache: false });
    const line = script.syntaxErrors[0]?.line ?? 0;
    // the guard stops at a fixed depth, well inside the nesting
    assert.ok(line > 100 && line < 1000, `line ${line}`);
    assertTooDeepButNextUnitAnalysed(nestedIfs(depth), line);
  });
}

for (const depth of [4000, 10_000]) {
  test(`${depth} nested parentheses: "nesting too deep" for that unit, the next unit analysed`, () => {
    assertTooDeepButNextUnitAnalysed(nestedParentheses(depth), 3);
  });
}

test('nesting as deep as real code goes (and far deeper) still parses into a model', () => {
  for (const text of [nestedIfs(200), nestedParentheses(200)]) {
    const script = parseScript(text, { unitCache: false });
    assert.deepEqual(script.syntaxErrors, []);
    assert.equal(script.units[0]!.views.length, 1);
  }
  // the model holds every level
  const script = parseScript(nestedIfs(200), { unitCache: false });
  let depth = 0;
  let statements = script.units[0]!.views[0]![0]!.body!.statements;
  while (statements[0]?.statementKind === 'if') {
    depth++;
    statements = (statements[0] as { branches: { statements: typeof statements }[] }).branches[0]!.statements;
  }
  assert.equal(depth, 200);
});

test('binary input: one "not PL/SQL text" error, no syntax errors quoting control bytes', () => {
  const bytes = new Uint8Array(4096);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
  bytes.set(new TextEncoder().encode('create or replace procedure p is begin null; end;\n'), 100);
  const script = parseScript(decodeSource(bytes).text, { unitCache: false });
  assert.equal(script.syntaxErrors.length, 1);
  assert.match(script.syntaxErrors[0]!.message, /^not PL\/SQL text: /);
  assert.deepEqual(script.units, []);
  // control characters without NULs, as in a corrupted or foreign binary format
  const controls = Array.from({ length: 2000 }, (_, i) => String.fromCharCode(1 + (i % 8))).join('x');
  const second = parseScript(controls, { unitCache: false });
  assert.equal(second.syntaxErrors.length, 1);
  assert.match(second.syntaxErrors[0]!.message, /^not PL\/SQL text: the file is mostly control characters/);
});

test('text with a few control characters (a form feed, a stray escape) is still PL/SQL', () => {
  const text = `\f-- printed listing\ncreate or replace procedure p is\nbegin\n  x := 'a\u001bb';\nend;\n/\n`;
  const script = parseScript(text, { unitCache: false });
  assert.deepEqual(script.syntaxErrors, []);
  assert.equal(script.units[0]!.views.length, 1);
});

test('one error in the last procedure of a large package body stays in that procedure', () => {
  // 0.5 MB here (the benchmark measures 5.5 MB): large enough that parsing the body whole would show
  const body = buildBigBody(loadCorpus(corpusRoot()), true, 512 * 1024);
  const script = parseScript(body.text, { unitCache: false });
  assert.equal(script.syntaxErrors.length, 1, JSON.stringify(script.syntaxErrors));
  assert.equal(script.syntaxErrors[0]!.line, body.errorLine);
  const unit = script.units[0]!.views[0]![0]!;
  // every subprogram before the error is in the model
  assert.equal(unit.subprograms.length, body.items);
  assert.ok(body.text.includes(INJECTED_ERROR));
});
