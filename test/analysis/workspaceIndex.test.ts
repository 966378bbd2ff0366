/**
 * The workspace index as the editor and the checker use it: the definitions a name resolves to (go to definition,
 * workspace symbols, the rules' lookups across files) and the call sites of a name (find references), kept right as
 * files are opened, edited, indexed from a worker's entries and closed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entriesOfScript, WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { indexOf } from './indexOf.ts';

const SPEC = `create or replace package app.billing as
  cursor c_open is select id from invoices where status = 'OPEN';
  g_rate number := 1.2;
  pragma serially_reusable;
  e_closed exception;
  subtype money_t is number(12, 2);
  procedure post(p_id number);
  function total(p_id number) return number;
end billing;
/
`;

const BODY = `create or replace package body app.billing as
  procedure fail(p_msg varchar2) is
  begin
    raise_application_error(-20001, p_msg);
  end fail;

  procedure post(p_id number) is
  begin
    update invoices set status = 'POSTED' where id = p_id;
    audit_log.write('post', p_id);
  end post;

  function total(p_id number) return number is
    l_total number;
  begin
    select sum(amount) into l_total from invoice_lines where invoice_id = p_id;
    if l_total is null then
      billing.fail('no lines');
    end if;
    return l_total;
  end total;
end billing;
/
`;

const CALLER = `create or replace procedure app.nightly as
begin
  for r in (select id from invoices where status = 'OPEN') loop
    app.billing.post(r.id);
    billing.post(r.id);
    dbms_output.put_line(billing.total(r.id));
    get_doc().print;
  end loop;
end nightly;
/
`;

const WRITER = `create or replace procedure write_rows(p_file utl_file.file_type, p_count pls_integer) as
begin
  for i in 1 .. p_count loop
    utl_file.put_line(p_file, 'row ' || i);
  end loop;
end write_rows;
/
`;

const where = (refs: { file: string; range: { line: number } }[]) => refs.map((r) => `${r.file}:${r.range.line}`).sort();

test('workspace index: a schema-qualified package is listed under its own name, its members under PACKAGE.MEMBER with their kind', () => {
  const index = indexOf({ 'billing.pks': SPEC, 'billing.pkb': BODY });
  assert.deepEqual(index.definitions('BILLING').map((d) => d.kind).sort(), ['package', 'package-body']);
  assert.equal(index.definitions('APP.BILLING').length, 0);
  const kinds = (name: string) => index.definitions(name).map((d) => `${d.file} ${d.kind} ${d.memberKind} ${d.container}`).sort();
  assert.deepEqual(kinds('BILLING.C_OPEN'), ['billing.pks cursor cursor BILLING']);
  assert.deepEqual(kinds('BILLING.G_RATE'), ['billing.pks package-member variable BILLING']);
  assert.deepEqual(kinds('BILLING.E_CLOSED'), ['billing.pks package-member exception BILLING']);
  assert.deepEqual(kinds('BILLING.POST'), ['billing.pkb package-member procedure BILLING', 'billing.pks package-member procedure BILLING']);
  assert.deepEqual(kinds('BILLING.TOTAL'), ['billing.pkb package-member function BILLING', 'billing.pks package-member function BILLING']);
  // a pragma is no member anyone can call or name
  assert.equal(index.allDefinitions().some((d) => /SERIALLY/i.test(d.name)), false);
  assert.equal(index.definitions('BILLING.MONEY_T')[0]?.typeText?.replace(/\s+/g, '').toUpperCase(), 'NUMBER(12,2)');
});

test('workspace index: a member whose every path raises, called as PACKAGE.MEMBER by a sibling, is marked as always raising', () => {
  const index = indexOf({ 'billing.pkb': BODY });
  assert.equal(index.definitions('BILLING.FAIL')[0]?.alwaysRaises, true);
  assert.equal(index.definitions('BILLING.POST')[0]?.alwaysRaises, undefined);
  assert.equal(index.definitions('BILLING.TOTAL')[0]?.alwaysRaises, undefined);
});

test('workspace index: a standalone procedure that writes the UTL_FILE handle it is passed records that parameter; one without such a parameter has none', () => {
  const index = indexOf({ 'write_rows.prc': WRITER, 'nightly.prc': CALLER });
  const writer = index.definitions('WRITE_ROWS')[0];
  assert.equal(writer?.kind, 'procedure');
  assert.ok(writer?.fileParameters && writer.fileParameters.length > 0, 'the handle parameter is recorded');
  assert.equal(index.definitions('NIGHTLY')[0]?.fileParameters, undefined);
});

test('workspace index: find references lists the call sites of a name however it is qualified, in every subprogram and file', () => {
  const index = indexOf({ 'billing.pks': SPEC, 'billing.pkb': BODY, 'nightly.prc': CALLER });
  // app.billing.post and billing.post both end with BILLING.POST; POST alone finds them too
  assert.deepEqual(where(index.references('BILLING.POST')), ['nightly.prc:4', 'nightly.prc:5']);
  assert.deepEqual(where(index.references('APP.BILLING.POST')), ['nightly.prc:4']);
  assert.deepEqual(where(index.references('POST')), ['nightly.prc:4', 'nightly.prc:5']);
  // a call inside an argument, a call inside a member of the body
  assert.deepEqual(where(index.references('BILLING.TOTAL')), ['nightly.prc:6']);
  assert.deepEqual(where(index.references('BILLING.FAIL')), ['billing.pkb:18']);
  assert.deepEqual(where(index.references('AUDIT_LOG.WRITE')), ['billing.pkb:10']);
  // a method of a call's result is no call of a subprogram named PRINT
  assert.deepEqual(index.references('PRINT'), []);
  assert.deepEqual(index.references('NO_SUCH_THING'), []);
});

test('workspace index: made without call sites (a check run), it resolves the same definitions and refuses to list references instead of answering none', () => {
  const full = indexOf({ 'billing.pks': SPEC, 'billing.pkb': BODY, 'nightly.prc': CALLER });
  const lean = new WorkspaceIndex({ references: false });
  for (const [file, text] of Object.entries({ 'billing.pks': SPEC, 'billing.pkb': BODY, 'nightly.prc': CALLER })) lean.update(file, text);
  for (const name of ['BILLING', 'BILLING.POST', 'BILLING.TOTAL', 'NIGHTLY']) assert.deepEqual(lean.definitions(name), full.definitions(name), name);
  assert.deepEqual(lean.callGraph.subprogramsOf('billing.pkb'), full.callGraph.subprogramsOf('billing.pkb'));
  assert.ok(lean.callGraph.subprogramsOf('billing.pkb').length > 0);
  assert.deepEqual(where(full.references('BILLING.POST')), ['nightly.prc:4', 'nightly.prc:5']);
  assert.throws(() => lean.references('BILLING.POST'), /without call sites/);
});

test('workspace index: an edit, a removed file and entries from a worker change what a name resolves to and who calls it', () => {
  const index = indexOf({ 'billing.pks': SPEC, 'billing.pkb': BODY, 'nightly.prc': CALLER });
  assert.deepEqual(where(index.references('BILLING.POST')), ['nightly.prc:4', 'nightly.prc:5']);
  // the caller edited: one call left
  index.update('nightly.prc', CALLER.replace('    app.billing.post(r.id);\n', ''));
  assert.deepEqual(where(index.references('BILLING.POST')), ['nightly.prc:4']);
  // a second caller opened
  index.update('weekly.prc', CALLER.replace(/nightly/g, 'weekly'));
  assert.deepEqual(where(index.references('BILLING.POST')), ['nightly.prc:4', 'weekly.prc:4', 'weekly.prc:5']);
  assert.deepEqual(index.fileNames.sort(), ['billing.pkb', 'billing.pks', 'nightly.prc', 'weekly.prc']);
  // closed: its definitions and calls are gone
  index.remove('weekly.prc');
  assert.equal(index.has('weekly.prc'), false);
  assert.equal(index.definitions('WEEKLY').length, 0);
  assert.deepEqual(where(index.references('BILLING.POST')), ['nightly.prc:4']);
  assert.deepEqual(index.fileNames.sort(), ['billing.pkb', 'billing.pks', 'nightly.prc']);
  // the body indexed by a worker (entries): its definitions and calls replace the file's
  const entries = entriesOfScript('billing.pkb', parseScript(BODY.replace("    audit_log.write('post', p_id);\n", '')), BODY);
  index.updateFromEntries('billing.pkb', entries);
  assert.deepEqual(index.references('AUDIT_LOG.WRITE'), []);
  assert.deepEqual(where(index.references('BILLING.FAIL')), ['billing.pkb:17']);
  assert.equal(index.definitions('BILLING.FAIL')[0]?.alwaysRaises, true);
  assert.equal(index.allDefinitions().filter((d) => d.file === 'billing.pkb').length, 4);
  // a worker that only resolves calls sends no references
  index.updateFromEntries('billing.pkb', { definitions: entries.definitions });
  assert.deepEqual(index.references('BILLING.FAIL'), []);
  assert.equal(index.definitions('BILLING.TOTAL').length, 2);
  assert.equal(index.stats.files, 3);
  // the package spec's seven (the pragma is none), the body's four, the caller
  assert.equal(index.stats.definitions, 12);
});

test('workspace index: a name defined in several files lists them in the order the files were first indexed, also after an edit', () => {
  const one = 'create or replace procedure dup as\nbegin\n  null;\nend;\n/\n';
  const index = indexOf({ 'b.prc': one, 'a.prc': one, 'c.prc': one });
  assert.deepEqual(index.definitions('DUP').map((d) => d.file), ['b.prc', 'a.prc', 'c.prc']);
  index.update('a.prc', one.replace('null', 'null; null'));
  assert.deepEqual(index.definitions('DUP').map((d) => d.file), ['b.prc', 'a.prc', 'c.prc']);
  index.update('a.prc', 'create or replace procedure other as\nbegin\n  null;\nend;\n/\n');
  assert.deepEqual(index.definitions('DUP').map((d) => d.file), ['b.prc', 'c.prc']);
  index.update('d.prc', one);
  assert.deepEqual(index.definitions('DUP').map((d) => d.file), ['b.prc', 'c.prc', 'd.prc']);
});

test('workspace index: an object type built in a standalone function is one use of it (find references listed each call twice)', () => {
  const index = indexOf({
    'point_t.tps': 'create or replace type point_t as object (x number, y number);\n/\n',
    'origin.fnc': 'create or replace function origin return point_t as\n  function half return number is begin return to_number(\'0.5\'); end;\nbegin\n  return point_t(half(), 0);\nend origin;\n/\n',
  });
  assert.deepEqual(where(index.references('POINT_T')), ['origin.fnc:4']);
  assert.deepEqual(where(index.references('TO_NUMBER')), ['origin.fnc:2']);
  assert.deepEqual(where(index.references('HALF')), ['origin.fnc:4']);
});

test('workspace index: a call in a function nested in a package member is one use, in the package body and in an anonymous block', () => {
  const nested = (head: string, tail: string) => `${head}
    function rate return number is begin return tax_rates.current_rate('VAT'); end rate;
  begin
    dbms_output.put_line(rate());
  ${tail}`;
  const index = indexOf({
    'tax.pkb': nested('create or replace package body tax as\n  procedure show is', 'end show;\nend tax;\n/\n'),
    'show.sql': nested('declare', 'end;\n/\n'),
  });
  assert.deepEqual(where(index.references('TAX_RATES.CURRENT_RATE')), ['show.sql:2', 'tax.pkb:3']);
  assert.deepEqual(where(index.references('RATE')), ['show.sql:4', 'tax.pkb:5']);
});

test('workspace index: a standalone function that writes the UTL_FILE handle it is passed records it too; a standalone unit\'s nested subprograms, a table and an anonymous block define nothing', () => {
  const writer = `create or replace function write_count(p_file utl_file.file_type, p_count pls_integer) return pls_integer as
  procedure note(p_text varchar2) is
  begin
    dbms_output.put_line(p_text);
  end note;
begin
  for i in 1 .. p_count loop
    utl_file.put_line(p_file, 'row ' || i);
  end loop;
  note('done');
  return p_count;
end write_count;
/
create table write_log (id number);
begin
  dbms_output.put_line(write_count(null, 0));
end;
/
`;
  const index = indexOf({ 'write_count.fnc': writer });
  const definition = index.definitions('WRITE_COUNT')[0];
  assert.equal(definition?.kind, 'function');
  assert.ok(definition?.fileParameters && definition.fileParameters.length > 0, 'the handle parameter is recorded');
  assert.deepEqual(index.definitions('WRITE_COUNT.NOTE'), []);
  assert.deepEqual(index.allDefinitions().map((d) => d.name), ['WRITE_COUNT']);
});
