// Which code "Profile this block" runs, and which blocks need confirmation because they commit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseBlock, type BlockChoice } from '../../extension/src/profile/run/blockSelection.ts';
import { commitConcerns } from '../../extension/src/profile/run/blockSafety.ts';

const DOC = `create or replace function by2(p_n number, p_s varchar2 default 'x') return number is
begin
  return p_n * 2;
end;
/
create or replace package body pkg is
  procedure p(a out number) is begin a := 1; end;
end;
/
declare
  x number;
begin
  for i in 1..10 loop x := by2(i); end loop;
  commit;
  execute immediate 'truncate table t';
  execute immediate l_sql;
end;
/
exec my_proc(1, 'a');
call pkg.p(2);
begin :x := 1; end;
/
`;

const at = (line: number): BlockChoice => chooseBlock(DOC, { line, column: 1, endLine: line, endColumn: 1 });

test('a standalone function gets a call block with one variable per parameter', () => {
  assert.deepEqual(at(2), {
    kind: 'call-block',
    subprogram: 'BY2',
    callBlock: [
      '-- plsql-perf call block for BY2 (line 1): fill in the arguments, then run "Profile this block" here',
      'declare',
      '  p_n number := null; -- IN number',
      '  p_s varchar2(32767) := null; -- IN varchar2 (has a default: you may delete it from the call)',
      '  l_result number;',
      'begin',
      '  l_result := by2(p_n => p_n, p_s => p_s);',
      'end;',
      '',
    ].join('\n'),
  });
  const packaged = at(7);
  assert.equal(packaged.kind === 'call-block' && packaged.subprogram, 'PKG.P');
  assert.match(packaged.kind === 'call-block' ? packaged.callBlock : '', /a number; -- OUT number\nbegin\n {2}pkg\.p\(a => a\);/);
});

test('a filled-in call block is profiled as the subprogram it calls', () => {
  const block = at(2);
  const filled = block.kind === 'call-block' ? block.callBlock.replace('p_n number := null', 'p_n number := 21') : '';
  const choice = chooseBlock(filled, { line: 3, column: 1, endLine: 3, endColumn: 1 });
  assert.equal(choice.kind === 'run' && choice.target.kind, 'subprogram');
  assert.equal(choice.kind === 'run' && choice.target.subprogram, 'BY2');
  // Selected with its mark comment, too.
  const selected = chooseBlock(filled, { line: 1, column: 1, endLine: 9, endColumn: 1 });
  assert.equal(selected.kind === 'run' && selected.target.subprogram, 'BY2');
});

test('anonymous blocks, EXEC and CALL run; bind variables and empty places are refused with what to do', () => {
  const block = at(12);
  assert.equal(block.kind, 'run');
  if (block.kind === 'run') assert.deepEqual([block.target.kind, block.target.startLine, block.target.endLine], ['anonymous-block', 10, 17]);
  assert.deepEqual(at(19), { kind: 'run', target: { kind: 'call', startLine: 19, endLine: 19, text: "exec my_proc(1, 'a');", executedText: "begin\n  my_proc(1, 'a');\nend;", subprogram: 'my_proc' } });
  const call = at(20);
  assert.equal(call.kind === 'run' && call.target.executedText, 'begin\n  pkg.p(2);\nend;');
  assert.match(at(21).kind === 'refused' ? (at(21) as { reason: string }).reason : '', /bind variables \(:x\)/);
  assert.match((at(23) as { reason: string }).reason, /^no code at line 23: put the cursor in an anonymous block/);
  // A selection: leading blank lines move the start line; the trailing "/" is not part of the block.
  const sel = chooseBlock(DOC, { line: 9, column: 3, endLine: 18, endColumn: 2 });
  assert.equal(sel.kind === 'run' && sel.target.startLine, 10);
  assert.equal(sel.kind === 'run' && sel.target.text.endsWith('end;'), true);
  // Strings and comments are not bind variables.
  assert.equal(chooseBlock("begin dbms_output.put_line('a:b'); -- :c\nend;", { line: 1, column: 1, endLine: 1, endColumn: 1 }).kind, 'run');
});

test('blocks that commit or may run DDL are named with the line and the reason', () => {
  const block = at(12);
  assert.ok(block.kind === 'run');
  assert.deepEqual(commitConcerns(block.target.executedText, block.target.startLine), [
    { line: 14, reason: 'COMMIT makes the changes permanent before the final rollback' },
    { line: 15, reason: 'DDL (truncate table) commits implicitly' },
    { line: 16, reason: 'EXECUTE IMMEDIATE of a text known only at run time (it may commit or run DDL)' },
  ]);
  assert.deepEqual(commitConcerns('declare\n  procedure log_it is\n    pragma autonomous_transaction;\n  begin null; end;\nbegin\n  log_it;\nend;', 1), [
    { line: 3, reason: 'an autonomous transaction commits independently of the final rollback' },
  ]);
  assert.deepEqual(commitConcerns("begin\n  update t set x = 1;\n  execute immediate 'select 1 from dual';\nend;", 5), []);
});
