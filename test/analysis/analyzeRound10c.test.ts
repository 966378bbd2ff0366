/**
 * Tests written for the survivors of mutation round 10 on `analyze.ts` lines 501-748 (test/rules/mutation-round10-analyze-c.md):
 * each fails with the mutants it names applied and passes without them (checked by hand with scripts/mutation-apply.py).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { describeResolution } from '../../server/src/analysis/semantic/resolveCall.ts';
import { ItemCache } from '../../server/src/analysis/itemCache.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import type { Finding, SourceRange } from '../../server/src/syntax/finding.ts';
import { OpenDocument } from './openDocument.ts';

const shape = (f: Finding) => `${f.rule}@${f.line}:${f.severity}`;
const at = (r: SourceRange) => `${r.line}:${r.column}-${r.endLine}:${r.endColumn}`;

/** A rule passed in by the caller, as the tests' probes are (extra rules combine items: a walk of their own). */
function probe(id: string, create: Rule['create']): Rule {
  return {
    meta: { id, defaultSeverity: 'info', status: 'preview', summary: 'a probe, for the test', remedy: 'none at all', fixKind: 'none', docPath: `docs/rules/${id}.md` },
    create,
  };
}

const twoLoops = `begin
  for i in 1 .. 1000 loop insert into t values (i); end loop;
  for j in 1 .. 1000 loop insert into t values (j); end loop;
end;
/
`;

// ---- isolateRule (:678-:745): a rule that throws ends that rule for this document only ----

test('a rule whose create() throws becomes an internal-error finding and the other rules still report', () => {
  const throwing = probe('throws-in-create', () => {
    throw new Error('no context');
  });
  const findings = analyzeText(twoLoops, { extraRules: [throwing] }).findings;
  assert.deepEqual(findings.map(shape), ['internal-error@1:error', 'dml-in-loop@2:warning', 'dml-in-loop@3:warning']);
  assert.match(findings[0]!.message, /rule throws-in-create failed on this file \(Error: no context\)/);
});

test('a rule whose finish() reports and then throws: its report is left out, an internal-error finding says so', () => {
  const throwing = probe('throws-in-finish', (context) => ({
    finish() {
      context.report({ line: 2, column: 3, endLine: 2, endColumn: 6 }, 'reported before the throw');
      throw new Error('late');
    },
  }));
  const findings = analyzeText(twoLoops, { extraRules: [throwing] }).findings;
  assert.deepEqual(findings.map(shape), ['internal-error@1:error', 'dml-in-loop@2:warning', 'dml-in-loop@3:warning']);
  assert.match(findings[0]!.message, /rule throws-in-finish failed on this file \(Error: late\)/);
});

test('a rule that throws at its first loop reports nothing at the later ones: the rule is over for the file', () => {
  let loops = 0;
  const throwing = probe('throws-at-first-loop', (context) => ({
    loop(info) {
      context.report(info.statement.range, `loop ${++loops}`);
      if (loops === 1) throw new Error('first loop');
    },
  }));
  const findings = analyzeText(twoLoops, { extraRules: [throwing] }).findings;
  assert.deepEqual(findings.map(shape), ['internal-error@1:error', 'dml-in-loop@2:warning', 'dml-in-loop@3:warning']);
  assert.equal(loops, 1, 'the failed rule is not asked again');
});

// ---- a rule failure with kept items (:543-:552): reuse ends, the analysis is made again from scratch ----

test('kept items: a built-in rule that fails in the edited item drops its findings in the replayed items too, and the configuration still holds', () => {
  const rule = PERFORMANCE_RULES.find((r) => r.meta.id === 'dml-in-loop')!;
  const create = rule.create;
  // dml-in-loop made to fail at a call of BOOM (a rule's defect, as isolateRule catches them)
  rule.create = (context) => {
    const hooks = create.call(rule, context);
    return {
      ...hooks,
      call(info) {
        if (info.call.name === 'BOOM') throw new Error('boom');
        hooks.call?.(info);
      },
    };
  };
  try {
    const body = (b: string) => `create or replace package body pkg as
  procedure a is
  begin
    for i in 1 .. 1000 loop
      insert into t values (i);
      commit;
    end loop;
  end a;

  procedure b is
  begin
${b}
    for i in 1 .. 1000 loop
      insert into t values (i);
    end loop;
  end b;
end pkg;
/
`;
    const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'commit-in-loop': { severity: 'error' } } });
    const first = doc.edit(body('    null;'), 'the first analysis');
    assert.deepEqual(first.findings.map(shape), ['dml-in-loop@5:warning', 'commit-in-loop@6:error', 'dml-in-loop@14:warning']);
    // b is walked again (a is replayed, with its dml-in-loop finding) and dml-in-loop fails in b's walk
    const after = doc.edit(body('    boom;'), 'a call making dml-in-loop fail typed in b');
    assert.deepEqual(after.findings.map(shape), ['internal-error@1:error', 'commit-in-loop@6:error']);
    assert.match(after.findings[0]!.message, /rule dml-in-loop failed on this file \(Error: boom\)/);
    assert.equal(doc.items.items.size, 0, 'nothing kept after a failure');
    // and the next analysis, the call removed again, has everything back
    const again = doc.edit(body('    null;'), 'the call removed');
    assert.deepEqual(again.findings.map(shape), ['dml-in-loop@5:warning', 'commit-in-loop@6:error', 'dml-in-loop@14:warning']);
  } finally {
    rule.create = create;
  }
});

// ---- the last analysis's definition objects, kept when the same (sameDefinition, samePlace: :610-:616) ----

test('kept definitions: a standalone procedure turned function at the same place is a function to its caller (standalone-call-in-loop)', () => {
  const text = (head: string, second: string, call: string) => `create or replace ${head}
${second}
end;
/
create or replace procedure q is
  v number;
begin
  for i in 1 .. 100 loop
    ${call}
  end loop;
end;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'p.sql');
  const messages = (r: ReturnType<OpenDocument['edit']>) => r.findings.map((f) => `${shape(f)} ${f.message.slice(0, f.message.indexOf(';'))}`);
  // the same range (1:1-3:5) and name's place (1:29-1:30), kind procedure then function
  const first = doc.edit(text('procedure p(x number)', 'is begin null;          ', 'p(i);'), 'a procedure');
  assert.deepEqual(messages(first), ['standalone-call-in-loop@9:warning P is a standalone procedure (line 1)']);
  const after = doc.edit(text('function  p(x number)', 'return number is begin return 1;', 'v := p(i);'), 'the procedure turned function');
  assert.deepEqual(messages(after), ['standalone-call-in-loop@9:warning P is a standalone function (line 1)']);
});

test('kept definitions: a procedure renamed at the same place is the new name to its callers (references, go to definition)', () => {
  const text = (name: string) => `create or replace procedure ${name} is begin null; end;
/
create or replace procedure q is
begin
  for i in 1 .. 100 loop
    abd;
  end loop;
end;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'p.sql');
  const first = doc.edit(text('abc'), 'the call does not resolve');
  assert.deepEqual(first.findings.map(shape), []);
  const after = doc.edit(text('abd'), 'the procedure renamed to what q calls');
  assert.deepEqual(after.findings.map(shape), ['standalone-call-in-loop@6:warning']);
  // references.ts and navigation.ts search by the name of the definition a call resolved to
  assert.deepEqual(after.semantics.calls.map((c) => [c.name, c.resolution.definition?.name]), [['ABD', 'ABD']]);
});

test('kept definitions: a name quoted, then unquoted ending at the same column, moves the related location of its callers\' findings', () => {
  const text = (name: string) => `create or replace procedure ${name}
is begin null;
end;
/
create or replace procedure q is
begin
  for i in 1 .. 100 loop
    p;
  end loop;
end;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'p.sql');
  const related = (r: ReturnType<OpenDocument['edit']>) => r.findings.map((f) => `${shape(f)} ${f.related?.map((x) => at(x.range)).join(' ')}`);
  const first = doc.edit(text('"P"'), 'a quoted name');
  assert.deepEqual(related(first), ['standalone-call-in-loop@8:warning 1:29-1:32 7:3-7:20']);
  const after = doc.edit(text('  P'), 'the same name unquoted, ending at the same column');
  assert.deepEqual(related(after), ['standalone-call-in-loop@8:warning 1:31-1:32 7:3-7:20']);
});

/** A package variable (or constant) the body grows with || in a loop: lob-concatenation-in-loop when it is a LOB. */
const lobPackage = (declaration: string) => `create or replace package pk is
  ${declaration}
end pk;
/
create or replace package body pk is
  procedure w is
  begin
    for i in 1 .. 100 loop
      pk.g_b := pk.g_b || 'y';
    end loop;
  end w;
end pk;
/
`;

test('kept definitions: a package variable\'s type changed in place (DATE to CLOB) is the new type for lob-concatenation-in-loop', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'pk.sql');
  assert.deepEqual(doc.edit(lobPackage('g_b date;'), 'a DATE').findings.map(shape), []);
  assert.deepEqual(doc.edit(lobPackage('g_b clob;'), 'the DATE turned CLOB').findings.map(shape), ['lob-concatenation-in-loop@9:warning']);
});

test('kept definitions: a package constant turned variable in place (the same type) can grow with || in a loop (lob-concatenation-in-loop)', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'pk.sql');
  // the same range (2:3-2:28), name's place and type text (clob); member kind constant, then variable
  assert.deepEqual(doc.edit(lobPackage("g_b constant clob := 'x';"), 'a constant').findings.map(shape), []);
  assert.deepEqual(doc.edit(lobPackage("g_b          clob := 'x';"), 'the constant turned variable').findings.map(shape), ['lob-concatenation-in-loop@9:warning']);
});

test('kept definitions: a type whose qualified name starts a line lower (same columns, same end) is hovered at its new line', () => {
  const text = (second: string, third: string) => `create or replace type
${second}
${third} as object (x number);
/
create or replace procedure q is
  v t;
begin
  v := t(1);
end;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'q.sql');
  // the hover of the call t(1) (hover.ts: describeResolution of the call's resolution)
  const hover = (r: ReturnType<OpenDocument['edit']>) => r.semantics.calls.map((c) => `${c.name}: ${describeResolution(c.resolution)}`);
  // the type's name app.t: 2:1-3:6, then 3:1-3:6; the unit's range 1:1-3:28 both times
  assert.deepEqual(hover(doc.edit(text('app', '   .t'), 'the name over two lines')), ['T: a type constructor or method defined in q.sql line 2']);
  assert.deepEqual(hover(doc.edit(text('', 'app.t'), 'the name on one line')), ['T: a type constructor or method defined in q.sql line 3']);
});

test('kept definitions: an open document whose key changes (a workspace folder added) has its definitions in the new file', () => {
  const text = `create or replace procedure p is begin null; end;
/
create or replace procedure q is
begin
  for i in 1 .. 100 loop
    p;
  end loop;
end;
/
`;
  const index = new WorkspaceIndex();
  const items = new ItemCache();
  // the editor keys a document by its path relative to the workspace folder holding it (FileKeys.keyOf), and keeps its
  // item cache across a change of the folders (server.ts onDidChangeWorkspaceFolders)
  const before = analyzeText(text, { file: 'file:///w/app/p.sql', index, items });
  assert.deepEqual(before.findings.map((f) => `${shape(f)} ${f.related?.[0]?.file}`), ['standalone-call-in-loop@6:warning undefined']);
  const after = analyzeText(text, { file: 'app/p.sql', index, items });
  assert.deepEqual(after.findings.map((f) => `${shape(f)} ${f.related?.[0]?.file} ${f.message.slice(0, f.message.indexOf(';'))}`),
    ['standalone-call-in-loop@6:warning undefined P is a standalone procedure (line 1)']);
  assert.deepEqual(after.semantics.calls.map((c) => `${c.name}: ${describeResolution(c.resolution)}`), ['P: a schema-level standalone procedure defined in app/p.sql line 1']);
  assert.deepEqual(after.findings, analyzeText(text, { file: 'app/p.sql', index }).findings);
});

// ---- items of a unit with several conditional-compilation views are not kept (:528) ----

test('kept items: a subprogram in two conditional-compilation views is walked each time, so its loop and calls are shown once when another file changes what one view calls', () => {
  const text = `create or replace procedure w is
  l_total number := 0;
begin
  for i in 1 .. 10 loop
    l_total := l_total + $if dbms_db_version.ver_le_11 $then old_price(i) $else new_price(i) $end;
    audit_row(i);
  end loop;
end w;
/
`;
  const index = new WorkspaceIndex();
  const doc = new OpenDocument(index);
  const shown = (r: ReturnType<OpenDocument['edit']>) => ({
    loops: r.semantics.loops.map((l) => l.range.line),
    calls: r.semantics.calls.map((c) => `${c.name}@${c.nameRange.line}:${c.resolution.kind}`).sort(),
  });
  const first = doc.edit(text, 'the first analysis');
  assert.equal(first.script.units[0]!.views.length, 2);
  assert.deepEqual(shown(first), { loops: [4], calls: ['AUDIT_ROW@6:unresolved', 'NEW_PRICE@5:unresolved', 'OLD_PRICE@5:unresolved'] });
  // another file now defines new_price, which only the second view calls
  index.update('prices.sql', 'create or replace function new_price(p number) return number is begin return p; end;\n/\n');
  const after = doc.edit(text, 'new_price defined in another file');
  assert.deepEqual(shown(after), { loops: [4], calls: ['AUDIT_ROW@6:unresolved', 'NEW_PRICE@5:standalone', 'OLD_PRICE@5:unresolved'] });
});

// ---- role units (:624) ----

test('a wrapped unit is noted and left out; the units after it are analysed', () => {
  const text = `create or replace package body x wrapped
a000000
1
abcd
/
begin
  for i in 1 .. 1000 loop insert into t values (i); end loop;
end;
/
`;
  const findings = analyzeText(text, { file: 'x.sql' }).findings;
  assert.deepEqual(findings.map(shape), ['wrapped-unit@1:info', 'dml-in-loop@7:warning']);
});
