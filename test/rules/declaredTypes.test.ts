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
