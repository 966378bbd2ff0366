/**
 * Tests written for the survivors of mutation round 11 on `index/workspaceIndex.ts`
 * (test/rules/mutation-round11-mindex.md): each fails with the mutants its entry names applied and passes without
 * them (checked by hand with scripts/mutation-apply.py). They guard what the index answers the editor and the
 * check: the order of a name's definitions as files come and go, a worker's keys, a name defined twice in one file,
 * which member of a package always raises, the UTL_FILE handles a subprogram writes, the call sites find references
 * lists, and a unit whose name is not typed yet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entriesOfScript, WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { workspaceSymbols } from '../../server/src/lsp/features/symbols.ts';
import { OpenDocument } from './openDocument.ts';
import { indexOf, findingsOf } from './indexOf.ts';

const procedure = (name: string, body = 'null;') => `create or replace procedure ${name} as\nbegin\n  ${body}\nend ${name};\n/\n`;
const filesOf = (index: WorkspaceIndex, name: string) => index.definitions(name).map((d) => d.file);

test('definition order: a file opened after the name table was made is ranked where it was opened, also when it is edited after another new file', () => {
  // go to definition lists a name's definitions in the order their files were first indexed
  const index = indexOf({ 'a.prc': procedure('audit_row') });
  assert.deepEqual(filesOf(index, 'AUDIT_ROW'), ['a.prc']);
  index.update('a.prc', procedure('audit_row', 'commit;'));
  index.update('n.prc', procedure('audit_row'));
  index.update('m.prc', procedure('audit_row'));
  assert.deepEqual(filesOf(index, 'AUDIT_ROW'), ['a.prc', 'n.prc', 'm.prc']);
  // n.prc edited: it keeps its place before m.prc
  index.update('n.prc', procedure('audit_row', 'rollback;'));
  assert.deepEqual(filesOf(index, 'AUDIT_ROW'), ['a.prc', 'n.prc', 'm.prc']);
});

test('definition order: files indexed from a worker\'s entries are ranked where they arrived, also when one is then edited in the editor', () => {
  const entries = (file: string, text: string) => entriesOfScript(file, parseScript(text, { unitCache: false }), text);
  const index = indexOf({ 'a.prc': procedure('audit_row') });
  assert.deepEqual(filesOf(index, 'AUDIT_ROW'), ['a.prc']);
  index.update('a.prc', procedure('audit_row', 'commit;'));
  index.updateFromEntries('n.prc', entries('n.prc', procedure('audit_row')));
  index.updateFromEntries('m.prc', entries('m.prc', procedure('audit_row')));
  assert.deepEqual(filesOf(index, 'AUDIT_ROW'), ['a.prc', 'n.prc', 'm.prc']);
  index.update('n.prc', procedure('audit_row', 'rollback;'));
  assert.deepEqual(filesOf(index, 'AUDIT_ROW'), ['a.prc', 'n.prc', 'm.prc']);
});

test('keys: the primary and unique keys in a worker\'s entries are the index\'s keys of that table (the check\'s second pass reads them)', () => {
  const ddl = 'create table orders (id number primary key, code varchar2(20) unique, total number);\n';
  const index = new WorkspaceIndex({ references: false });
  index.updateFromEntries('orders.sql', entriesOfScript('orders.sql', parseScript(ddl, { unitCache: false }), ddl));
  assert.deepEqual(index.keysOf('ORDERS').map((k) => `${k.file}:${k.line} ${k.kind} (${k.columns.join(', ')})`), [
    'orders.sql:1 primary key (ID)',
    'orders.sql:1 unique (CODE)',
  ]);
  // a function called in a query that fixes the key runs once, not per row
  const fn = 'create or replace function tax_of(n number) return number as\n  l number;\nbegin\n  select rate into l from tax_rates where id = n;\n  return l * n;\nend;\n/\n';
  index.updateFromEntries('tax_of.fnc', entriesOfScript('tax_of.fnc', parseScript(fn, { unitCache: false }), fn));
  const caller = 'create or replace procedure save_tax(p_id number) as\nbegin\n  insert into order_tax (id, tax) select id, tax_of(total) from orders where id = p_id;\nend;\n/\n';
  assert.deepEqual(findingsOf(caller, 'save_tax.prc', index, 'plsql-function-in-sql'), []);
  const unkeyed = new WorkspaceIndex({ references: false });
  unkeyed.updateFromEntries('tax_of.fnc', entriesOfScript('tax_of.fnc', parseScript(fn, { unitCache: false }), fn));
  assert.deepEqual(findingsOf(caller, 'save_tax.prc', unkeyed, 'plsql-function-in-sql'), ['plsql-function-in-sql@3:warning']);
});

test('a package spec and body in one file, edited in the editor: the package and each member are listed from both, as before the edit', () => {
  const text = [
    'create or replace package billing as',
    '  procedure post(p_id number);',
    'end billing;',
    '/',
    'create or replace package body billing as',
    '  procedure post(p_id number) is',
    '  begin',
    "    update invoices set status = 'POSTED' where id = p_id;",
    '  end post;',
    'end billing;',
    '/',
    '',
  ].join('\n');
  const index = new WorkspaceIndex();
  const document = new OpenDocument(index, undefined, 'billing.sql');
  document.edit(text, 'opened');
  const kinds = (name: string) => index.definitions(name).map((d) => `${d.kind}@${d.nameRange.line}`);
  assert.deepEqual(kinds('BILLING'), ['package@1', 'package-body@5']);
  document.edit(text.replace("'POSTED'", "'DONE'"), 'a string edited');
  assert.deepEqual(kinds('BILLING'), ['package@1', 'package-body@5']);
  assert.deepEqual(kinds('BILLING.POST'), ['package-member@2', 'package-member@6']);
});

test('always raises: a member calling another package\'s procedure of the same name as a raising sibling does not raise, and a handler calling it stays in the loop', () => {
  const api = [
    'create or replace package body orders_api as',
    '  procedure error(p_msg varchar2) is',
    '  begin',
    '    raise_application_error(-20001, p_msg);',
    '  end error;',
    '  procedure warn(p_msg varchar2) is',
    '  begin',
    '    logger.error(p_msg); -- the logging package\'s error writes a line and returns',
    '  end warn;',
    '  procedure fail(p_msg varchar2) is',
    '  begin',
    '    orders_api.error(p_msg);',
    '  end fail;',
    'end orders_api;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'orders_api.pkb': api });
  const raises = (name: string) => index.definitions(name).map((d) => d.alwaysRaises === true);
  assert.deepEqual([raises('ORDERS_API.ERROR'), raises('ORDERS_API.WARN'), raises('ORDERS_API.FAIL')], [[true], [false], [true]]);
  const load = (call: string) => `create or replace procedure load_orders as\nbegin\n  for r in (select id from staged_orders) loop\n    begin\n      insert into orders values (r.id);\n    exception\n      when others then\n        ${call};\n    end;\n  end loop;\nend;\n/\n`;
  // the handler stays in the loop (reported; info as a failure handler that records SQLERRM), the raising one leaves it
  assert.deepEqual(findingsOf(load('orders_api.warn(sqlerrm)'), 'load.prc', index), ['dml-in-loop@5:warning', 'exception-handler-in-loop@7:info']);
  assert.deepEqual(findingsOf(load('orders_api.fail(sqlerrm)'), 'load.prc', index), ['dml-in-loop@5:warning']);
});

test('utl-file-small-buffer: a handle passed to an overloaded procedure is followed into the overload that writes it, not stopped at one that only closes it', () => {
  const io = [
    'create or replace package body report_io as',
    '  procedure emit(p_file in out utl_file.file_type) is',
    '  begin',
    '    utl_file.fclose(p_file);',
    '  end emit;',
    '  procedure emit(p_file in out utl_file.file_type, p_line varchar2) is',
    '  begin',
    '    utl_file.put_line(p_file, p_line);',
    '  end emit;',
    'end report_io;',
    '/',
    '',
  ].join('\n');
  const index = indexOf({ 'report_io.pkb': io });
  // the overload that only closes the file writes no handle: it has no file parameters, not an empty list
  assert.deepEqual(index.definitions('REPORT_IO.EMIT').map((d) => d.fileParameters?.map((u) => `${u.parameter}@${u.writeLine}`)), [undefined, ['P_FILE@8']]);
  const exportOrders = [
    'create or replace procedure export_orders as',
    '  l_file utl_file.file_type;',
    'begin',
    "  l_file := utl_file.fopen('EXPORT_DIR', 'orders.csv', 'w');",
    "  for r in (select id || ',' || total as line from orders) loop",
    '    report_io.emit(l_file, r.line);',
    '  end loop;',
    '  report_io.emit(l_file);',
    'end export_orders;',
    '/',
    '',
  ].join('\n');
  assert.deepEqual(findingsOf(exportOrders, 'export_orders.prc', index, 'utl-file-small-buffer'), ['utl-file-small-buffer@4:warning']);
});

test('find references: a method called on a call\'s result (get_doc().render()) is no call of a procedure RENDER', () => {
  const index = indexOf({
    'render.prc': 'create or replace procedure render(p_id number) as\nbegin\n  null;\nend render;\n/\n',
    'report.prc': 'create or replace procedure report as\nbegin\n  render(1);\n  get_doc().render();\n  doc_api.current().render();\nend report;\n/\n',
  });
  assert.deepEqual(index.references('RENDER').map((r) => `${r.file}:${r.range.line} ${r.name}`), ['report.prc:3 RENDER']);
  // the calls of the result's producers are call sites all the same
  assert.deepEqual(index.references('GET_DOC').map((r) => `${r.file}:${r.range.line}`), ['report.prc:4']);
  assert.deepEqual(index.references('DOC_API.CURRENT').map((r) => `${r.file}:${r.range.line}`), ['report.prc:5']);
});

test('a procedure being typed, its name not written yet, defines nothing: workspace symbols list no nameless symbol', () => {
  const index = indexOf({ 'new.prc': 'create or replace procedure\n/\n', 'done.prc': procedure('done_one') });
  assert.deepEqual(index.allDefinitions().map((d) => `${d.file} ${d.kind} ${d.name}`), ['done.prc procedure DONE_ONE']);
  assert.deepEqual(workspaceSymbols(index, '', (file) => `file:///ws/${file}`).map((s) => s.name), ['DONE_ONE']);
});

test('referencesIn: the call sites of one file in the order it holds them; a file not indexed has none (openDocument compares them after every edit)', () => {
  const index = indexOf({ 'report.prc': 'create or replace procedure report as\nbegin\n  load_rows(1);\n  render(2);\nend report;\n/\n' });
  assert.deepEqual(index.referencesIn('report.prc').map((r) => `${r.name}@${r.range.line}:${r.range.column}`), ['LOAD_ROWS@3:3', 'RENDER@4:3']);
  assert.deepEqual(index.referencesIn('other.prc'), []);
});
