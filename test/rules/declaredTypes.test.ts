/**
 * The declared type of an assignment target (rules/support/declaredTypes.ts), on its own: the chains through
 * subtypes, %TYPE, records, collections and a package specification of the workspace, and where they stop. The rule
 * fixtures of lob-concatenation-in-loop and number-arithmetic-in-loop show it at work; these pin its edges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targetVariable } from '../../server/src/analysis/rules/support/declaredTypes.ts';
import { definitionsOfScript, type IndexedDefinition } from '../../server/src/analysis/index/workspaceIndex.ts';
import { keysOfStatement } from '../../server/src/analysis/index/schemaKeys.ts';
import { Scope } from '../../server/src/analysis/semantic/scope.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';

const SPEC = `create or replace package doc_types as
  subtype t_body is clob;
  type t_part is record (id number, "Body" t_body, title varchar2(20) default 'a, b', note clob not null := empty_clob());
  type t_parts is table of t_part index by pls_integer;
  g_log clob;
end doc_types;
/
`;

const PROCEDURE = `create or replace procedure render(p_in in clob, p_out in out nocopy doc_types.t_body) as
  subtype t_a is t_b;
  subtype t_b is t_a;
  type t_pages is varray(10) of clob;
  type t_books is table of t_pages;
  type t_words is varying array (5) of varchar2(30);
  l_loop   t_a;
  l_parts  doc_types.t_parts;
  l_books  t_books;
  l_words  t_words;
  l_row    documents%rowtype;
  l_col    documents.body%type;
  l_copy   p_out%type;
  l_field  l_parts%type;
begin
  null;
end render;
/
`;

function setUp(): { scope: Scope; definitions: (name: string) => IndexedDefinition[] } {
  const all = definitionsOfScript('doc_types.pks', parseScript(SPEC));
  const unit = parseScript(PROCEDURE).units[0]!.views[0]![0]!;
  const sub = unit.subprogram!;
  const scope = new Scope(new Scope(undefined, 'unit'), 'subprogram');
  scope.defineParameters(sub.parameters);
  scope.defineDeclarations(sub.declarations);
  return { scope, definitions: (name) => all.filter((d) => d.name === name) };
}

test('fields, elements and subtypes of the workspace are followed to CLOB', () => {
  const { scope, definitions } = setUp();
  const type = (target: string) => targetVariable(target, scope, definitions)?.type.text;
  assert.equal(type('l_parts(i)."Body"'), 'clob');
  assert.deepEqual(targetVariable('l_parts(i)."Body"', scope, definitions)?.type.steps,
    ['type DOC_TYPES.T_PARTS', 'element', 'type T_PART', 'field Body', 'subtype T_BODY']);
  assert.equal(type('l_parts(i).note'), 'clob');
  assert.equal(type('l_parts(i).title'), 'varchar2(20)');
  assert.equal(type('l_parts( i + 1 ).note'), 'clob');
  assert.equal(type('l_books(i)(j)'), 'clob');
  assert.equal(type('l_words(i)'), 'varchar2(30)');
  assert.equal(type('p_out'), 'clob');
  assert.equal(type('l_copy'), 'clob');
  assert.equal(type('l_field(3).note'), 'clob');
});

test('where the chain stops: cycles, %ROWTYPE, a column\'s %TYPE, a missing field, a package hidden by a local', () => {
  const { scope, definitions } = setUp();
  assert.equal(targetVariable('l_loop', scope, definitions), undefined);
  assert.equal(targetVariable('l_row.body', scope, definitions), undefined);
  assert.equal(targetVariable('l_col', scope, definitions), undefined);
  assert.equal(targetVariable('l_parts(i).missing', scope, definitions), undefined);
  assert.equal(targetVariable('l_parts(i', scope, definitions), undefined);
  assert.equal(targetVariable('doc_types.g_log', scope, definitions)?.type.text, 'clob');
  // a block's variable named like the package hides it (as in PL/SQL's own name resolution)
  const block = new Scope(scope, 'block');
  const words = scope.lookup('L_WORDS')!.symbol;
  block.define({ ...words, name: 'DOC_TYPES', declaration: { ...words.declaration!, name: 'DOC_TYPES' } });
  assert.equal(targetVariable('doc_types.g_log', block, definitions), undefined);
  // ... but not the types of variables declared outside the block: their types were resolved where they are declared
  assert.equal(targetVariable('l_parts(i).note', block, definitions)?.type.text, 'clob');
  assert.equal(targetVariable('unknown_variable', scope, definitions), undefined);
});

test('where the variable is declared, and a parameter\'s mode', () => {
  const { scope, definitions } = setUp();
  assert.deepEqual({ ...targetVariable('p_in', scope, definitions), declared: undefined, type: undefined }, { where: 'parameter', mode: 'in', pkg: undefined, declared: undefined, type: undefined, indexes: [] });
  assert.deepEqual(targetVariable('l_books(i + 1)( j ).x', scope, definitions), undefined);
  assert.deepEqual(targetVariable('l_books(i + 1)( j )', scope, definitions)?.indexes, ['i + 1', ' j ']);
  assert.equal(targetVariable('l_parts', scope, definitions)?.where, 'local');
  const inPackage = new Scope(undefined, 'package', 'DOC_TYPES');
  const global = targetVariable('g_log', new Scope(inPackage, 'subprogram'), definitions);
  assert.equal(global?.where, 'package');
  assert.equal(global?.pkg, 'DOC_TYPES');
  assert.equal(global?.type.text, 'clob');
});

test('column types read from CREATE TABLE, and a column\'s %TYPE or a %ROWTYPE field followed to them', () => {
  const [key] = keysOfStatement(`create table app.documents (id number(12) primary key, score double precision,
    title varchar2(100 char) not null, total as (id + 1), body clob default empty_clob(), amount number(12, 2),
    constraint documents_uk unique (title))`, 1);
  assert.deepEqual(key?.columnTypes, { ID: 'NUMBER(12)', SCORE: 'DOUBLE PRECISION', TITLE: 'VARCHAR2(100 CHAR)', BODY: 'CLOB', AMOUNT: 'NUMBER(12,2)' });
  const { scope, definitions } = setUp();
  const columnTypeOf = (table: string, column: string) => (table === 'DOCUMENTS' ? key?.columnTypes?.[column] : undefined);
  const type = (target: string) => targetVariable(target, scope, definitions, columnTypeOf)?.type;
  assert.equal(type('l_col')?.text, 'CLOB');
  assert.deepEqual(type('l_col')?.steps, ['%TYPE of column DOCUMENTS.BODY']);
  assert.equal(type('l_row.body')?.text, 'CLOB');
  assert.equal(type('l_row.title')?.text, 'VARCHAR2(100 CHAR)');
  assert.equal(type('l_row.missing'), undefined);
  assert.equal(type('l_row')?.text, 'DOCUMENTS%ROWTYPE');
  assert.equal(targetVariable('l_col', scope, definitions), undefined);
});

const MORE_SPEC = `create or replace package doc_more as
  c_max_len constant pls_integer := 32767;
  type t_bodies is table of doc_types.t_body index by pls_integer;
  type t_rows is table of documents%rowtype index by pls_integer;
  g_title documents.title%type;
end doc_more;
/
`;

const MORE_PROCEDURE = `create or replace procedure publish as
  subtype t_text_clob is clob;
  subtype date_text is varchar2(10);
  subtype t_amount is number;
  type t_pair is record(body clob, total number:=0);
  type t_job is record (doc documents%rowtype, log clob);
  type t_lines is table of varchar2(4000) not null index by pls_integer;
  type t_notes is varying array(20) of clob;
  type t_codes is varray (5) of varchar2(30 char);
  type t_entry is record (open_mark varchar2(1) default '(', amount number(12, 2), body clob);
  TYPE T_AUDIT IS RECORD (DOC DOCUMENTS%ROWTYPE, LOG CLOB);
  cursor c_docs is select id, body from documents;
  c_limit  constant pls_integer := 100;
  l_text   t_text_clob;
  l_day    date_text;
  l_amount t_amount(12,2);
  l_qualified app.doc_types.t_body;
  l_pair   t_pair;
  l_job    t_job;
  l_lines  t_lines;
  l_notes  t_notes;
  l_codes  t_codes;
  l_entry  t_entry;
  L_AUDIT  T_AUDIT;
  l_bodies doc_more.t_bodies;
  l_rows   doc_more.t_rows;
  l_cur    c_docs%rowtype;
  l_other  app.documents%rowtype;
  l_len    doc_more.c_max_len%type;
  l_count  c_limit%type;
  l_note   l_pair.body%type;
  l_title  l_other.title%type;
  l_a      l_b%type;
  l_b      l_a%type;
begin
  null;
end publish;
/
`;

function setUpMore(): { scope: Scope; definitions: (name: string) => IndexedDefinition[]; columnTypeOf: (table: string, column: string) => string | undefined } {
  const all = [...definitionsOfScript('doc_types.pks', parseScript(SPEC)), ...definitionsOfScript('doc_more.pks', parseScript(MORE_SPEC))];
  const sub = parseScript(MORE_PROCEDURE).units[0]!.views[0]![0]!.subprogram!;
  const scope = new Scope(new Scope(undefined, 'unit'), 'subprogram');
  scope.defineParameters(sub.parameters);
  scope.defineDeclarations(sub.declarations);
  const columns: Record<string, string> = { ID: 'NUMBER(12)', TITLE: 'VARCHAR2(100 CHAR)', BODY: 'CLOB' };
  return { scope, definitions: (name) => all.filter((d) => d.name === name), columnTypeOf: (table, column) => (table === 'DOCUMENTS' ? columns[column] : undefined) };
}

test('own types named like built-in ones, constrained subtypes, schema-qualified names and spellings without blanks', () => {
  const { scope, definitions, columnTypeOf } = setUpMore();
  const type = (target: string) => targetVariable(target, scope, definitions, columnTypeOf)?.type;
  // a subtype whose name ends or starts like a built-in type is still the code's own
  assert.deepEqual(type('l_text'), { text: 'clob', steps: ['subtype T_TEXT_CLOB'], place: type('l_text')?.place });
  assert.equal(type('l_day')?.text, 'varchar2(10)');
  assert.equal(type('l_amount')?.text, 'number');
  assert.equal(type('l_qualified')?.text, 'clob');
  assert.equal(type('l_pair.body')?.text, 'clob');
  assert.equal(type('l_pair.total')?.text, 'number');
  assert.equal(type('l_lines(i)')?.text, 'varchar2(4000)');
  assert.equal(type('l_notes(i)')?.text, 'clob');
  assert.equal(type('l_notes (i)')?.text, 'clob');
  assert.equal(type('l_pair.body ')?.text, 'clob');
  // the types of a package specification are read where they are written: a qualified name, %ROWTYPE, a column's %TYPE
  assert.equal(type('l_bodies(i)')?.text, 'clob');
  assert.equal(type('l_rows(i).body')?.text, 'CLOB');
  assert.equal(type('doc_more.g_title')?.text, 'VARCHAR2(100 CHAR)');
  assert.equal(type('l_other.body')?.text, 'CLOB');
  assert.equal(type('l_job.log')?.text, 'clob');
  assert.equal(type('l_job.doc.body')?.text, 'CLOB');
  assert.equal(type('L_AUDIT.LOG')?.text, 'CLOB');
  assert.equal(type('l_codes(1)')?.text, 'varchar2(30 char)');
  // a quoted default and a precision with a comma do not split the field list
  assert.equal(type('l_entry.amount')?.text, 'number(12, 2)');
  assert.equal(type('l_entry.body')?.text, 'clob');
});

test('a variable of the package body\'s own scope is a package-level variable of that package', () => {
  const { definitions } = setUpMore();
  const sub = parseScript(MORE_PROCEDURE).units[0]!.views[0]![0]!.subprogram!;
  const body = new Scope(undefined, 'package', 'PUBLISHING');
  body.defineDeclarations(sub.declarations);
  const global = targetVariable('l_text', new Scope(body, 'subprogram'), definitions);
  assert.deepEqual([global?.where, global?.pkg, global?.type.text], ['package', 'PUBLISHING', 'clob']);
  const local = targetVariable('l_text', new Scope(new Scope(body, 'subprogram'), 'block'), definitions);
  assert.equal(local?.where, 'package');
});

test('%TYPE of a constant and of a record variable\'s field', () => {
  const { scope, definitions, columnTypeOf } = setUpMore();
  const type = (target: string) => targetVariable(target, scope, definitions, columnTypeOf)?.type;
  assert.equal(type('l_len')?.text, 'pls_integer');
  assert.deepEqual(type('l_len')?.steps, ['%TYPE of DOC_MORE.C_MAX_LEN']);
  assert.equal(type('l_count')?.text, 'pls_integer');
  assert.deepEqual(type('l_note'), { text: 'clob', steps: ['%TYPE of L_PAIR.BODY', 'type T_PAIR', 'field BODY'], place: type('l_note')?.place });
  assert.deepEqual(type('l_title'), { text: 'VARCHAR2(100 CHAR)', steps: ['%TYPE of L_OTHER.TITLE', 'column DOCUMENTS.TITLE'], place: type('l_title')?.place });
});

test('what is no variable with a proven type: a cursor\'s row, a constant, a %TYPE cycle, a bind of a trigger, an index of a scalar, text after the target', () => {
  const { scope, definitions, columnTypeOf } = setUpMore();
  const variable = (target: string) => targetVariable(target, scope, definitions, columnTypeOf);
  assert.equal(variable('l_cur'), undefined);
  assert.equal(variable('l_cur.body'), undefined);
  assert.equal(variable('c_limit'), undefined);
  assert.equal(variable('l_a'), undefined);
  assert.equal(variable(':new.body'), undefined);
  assert.equal(variable('l_text(1)'), undefined);
  assert.equal(variable('l_pair.body x'), undefined);
});
