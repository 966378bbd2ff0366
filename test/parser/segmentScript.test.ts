// One table-driven test file for the segmenter's rules (long because each rule has its own cases, which read
// best side by side), plus the corpus invariants at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { segmentScript } from '../../server/src/parser/script/segmentScript.ts';
import type { ScriptSegment } from '../../server/src/parser/script/segmentScript.ts';
import { lookupCommand } from '../../server/src/parser/script/sqlplusCommands.ts';

// ---- helpers ------------------------------------------------------------------------------------------------------

/** Compact, exact description of one segment: kind, command or codeKind/terminator, range, text (and args). */
function describe(text: string, s: ScriptSegment): string {
  const range = `${s.line}:${s.column}-${s.endLine}:${s.endColumn}`;
  const body = JSON.stringify(text.slice(s.start, s.end));
  if (s.kind === 'sqlplus') return `sqlplus ${s.command} ${range} ${body} args=${JSON.stringify(text.slice(s.argsStart, s.end))}`;
  return `${s.codeKind}${s.wrapped ? ' wrapped' : ''} ${s.terminator} ${range} ${body}`;
}

/** Checks that line/column fields agree with the offsets (independent computation). */
function checkPositions(text: string, list: ScriptSegment[]): void {
  const pos = (offset: number): [number, number] => {
    const before = text.slice(0, offset);
    const lines = before.split(/\r\n|\r|\n/);
    return [lines.length, (lines[lines.length - 1] as string).length + 1];
  };
  for (const s of list) {
    assert.deepEqual([s.line, s.column], pos(s.start), `start of ${describe(text, s)}`);
    assert.deepEqual([s.endLine, s.endColumn], pos(s.end), `end of ${describe(text, s)}`);
  }
}

interface Case {
  name: string;
  text: string;
  expected: string[];
}

// ---- table-driven cases -------------------------------------------------------------------------------------------

const cases: Case[] = [
  { name: 'empty file', text: '', expected: [] },
  { name: 'only whitespace', text: ' \n\t\r\n  \r', expected: [] },
  {
    name: 'only comments',
    text: '-- a comment\n/* block\n / \n ; */\n  -- another ; /\n',
    expected: [],
  },
  {
    name: 'package spec and body terminated by / lines',
    text: 'create or replace package p as\n  procedure x;\nend p;\n/\ncreate or replace package body p as\n  procedure x is begin null; end;\nend p;\n/\n',
    expected: [
      'plsql slash 1:1-3:7 "create or replace package p as\\n  procedure x;\\nend p;"',
      'plsql slash 5:1-7:7 "create or replace package body p as\\n  procedure x is begin null; end;\\nend p;"',
    ],
  },
  {
    name: 'slash line with surrounding whitespace, trailing comment before it excluded',
    text: 'begin\n  null;\nend;\n-- done\n   /   \n',
    expected: ['plsql slash 1:1-3:5 "begin\\n  null;\\nend;"'],
  },
  {
    name: 'lone slash with nothing pending re-runs the buffer',
    text: 'select 1 from dual;\n/\n',
    expected: ['sql semicolon 1:1-1:20 "select 1 from dual;"', 'sqlplus slash 2:1-2:2 "/" args=""'],
  },
  {
    name: 'SQL statement terminated by a / line instead of ;',
    text: 'grant execute on p to public\n/\n',
    expected: ['sql slash 1:1-1:29 "grant execute on p to public"'],
  },
  {
    name: 'a lone . line ends a pending SQL buffer',
    text: 'select *\nfrom dual\n.\nprompt x\n',
    expected: ['sql slash 1:1-2:10 "select *\\nfrom dual"', 'sqlplus prompt 4:1-4:9 "prompt x" args="x"'],
  },
  {
    name: 'plain SQL statements include their ;',
    text: "CREATE TABLE t (a number);\nGRANT select ON t TO u;\nALTER SESSION SET plsql_optimize_level = 2;\ninsert into t values (1);\ncommit;\ndrop package x;\n",
    expected: [
      'sql semicolon 1:1-1:27 "CREATE TABLE t (a number);"',
      'sql semicolon 2:1-2:24 "GRANT select ON t TO u;"',
      'sql semicolon 3:1-3:44 "ALTER SESSION SET plsql_optimize_level = 2;"',
      'sql semicolon 4:1-4:26 "insert into t values (1);"',
      'sql semicolon 5:1-5:8 "commit;"',
      'sql semicolon 6:1-6:16 "drop package x;"',
    ],
  },
  {
    name: 'two SQL statements on one line, trailing comment excluded',
    text: 'commit; rollback; -- end\n',
    expected: ['sql semicolon 1:1-1:8 "commit;"', 'sql semicolon 1:9-1:18 "rollback;"'],
  },
  {
    name: 'multi-line SQL statement with comments and strings containing ; and /',
    text: "insert into t -- a ; comment\n values ('a;b', '/', 'it''s');\n",
    expected: ['sql semicolon 1:1-2:31 "insert into t -- a ; comment\\n values (\'a;b\', \'/\', \'it\'\'s\');"'],
  },
  {
    name: 'set serveroutput with options, set termout',
    text: 'set serveroutput on size unlimited format truncated\nset termout on\nSET ECHO OFF;\n',
    expected: [
      'sqlplus set 1:1-1:52 "set serveroutput on size unlimited format truncated" args="serveroutput on size unlimited format truncated"',
      'sqlplus set 2:1-2:15 "set termout on" args="termout on"',
      'sqlplus set 3:1-3:14 "SET ECHO OFF;" args="ECHO OFF;"',
    ],
  },
  {
    name: 'SET TRANSACTION / ROLE / CONSTRAINTS are SQL',
    text: 'set transaction read only;\nSET ROLE ALL;\nset constraints all deferred;\nset constraint c immediate;\n',
    expected: [
      'sql semicolon 1:1-1:27 "set transaction read only;"',
      'sql semicolon 2:1-2:14 "SET ROLE ALL;"',
      'sql semicolon 3:1-3:30 "set constraints all deferred;"',
      'sql semicolon 4:1-4:28 "set constraint c immediate;"',
    ],
  },
  {
    name: "prompt with an unbalanced quote does not open a string",
    text: "prompt Don't panic\ncreate table t (a varchar2(1));\npro it's fine\n",
    expected: [
      'sqlplus prompt 1:1-1:19 "prompt Don\'t panic" args="Don\'t panic"',
      'sql semicolon 2:1-2:32 "create table t (a varchar2(1));"',
      'sqlplus prompt 3:1-3:14 "pro it\'s fine" args="it\'s fine"',
    ],
  },
  {
    name: 'prompt with no text',
    text: 'prompt\nPROMPT   \n',
    expected: ['sqlplus prompt 1:1-1:7 "prompt" args=""', 'sqlplus prompt 2:1-2:7 "PROMPT" args=""'],
  },
  {
    name: 'spool, define, undefine, column, variable, print, accept, pause, timing, clear, desc, connect',
    text: [
      'spool x.log',
      'define x = 1',
      'def y',
      'undefine x',
      'column c new_value v',
      'col c format a20',
      'var x number',
      'variable y varchar2(10)',
      'print x',
      "accept x prompt 'y'",
      'pause',
      'timing start t1',
      'clear screen',
      'desc t',
      'describe t',
      'connect u/p@db',
      'conn u/p',
      'spool off',
    ].join('\n'),
    expected: [
      'sqlplus spool 1:1-1:12 "spool x.log" args="x.log"',
      'sqlplus define 2:1-2:13 "define x = 1" args="x = 1"',
      'sqlplus define 3:1-3:6 "def y" args="y"',
      'sqlplus undefine 4:1-4:11 "undefine x" args="x"',
      'sqlplus column 5:1-5:21 "column c new_value v" args="c new_value v"',
      'sqlplus column 6:1-6:17 "col c format a20" args="c format a20"',
      'sqlplus variable 7:1-7:13 "var x number" args="x number"',
      'sqlplus variable 8:1-8:24 "variable y varchar2(10)" args="y varchar2(10)"',
      'sqlplus print 9:1-9:8 "print x" args="x"',
      'sqlplus accept 10:1-10:20 "accept x prompt \'y\'" args="x prompt \'y\'"',
      'sqlplus pause 11:1-11:6 "pause" args=""',
      'sqlplus timing 12:1-12:16 "timing start t1" args="start t1"',
      'sqlplus clear 13:1-13:13 "clear screen" args="screen"',
      'sqlplus describe 14:1-14:7 "desc t" args="t"',
      'sqlplus describe 15:1-15:11 "describe t" args="t"',
      'sqlplus connect 16:1-16:15 "connect u/p@db" args="u/p@db"',
      'sqlplus connect 17:1-17:9 "conn u/p" args="u/p"',
      'sqlplus spool 18:1-18:10 "spool off" args="off"',
    ],
  },
  {
    name: 'exec with argsStart at the call; execute',
    text: 'exec pkg.p(1);\nexecute dbms_output.put_line(\'a;b\')\n',
    expected: [
      'sqlplus execute 1:1-1:15 "exec pkg.p(1);" args="pkg.p(1);"',
      'sqlplus execute 2:1-2:36 "execute dbms_output.put_line(\'a;b\')" args="dbms_output.put_line(\'a;b\')"',
    ],
  },
  {
    name: '@, @@ with arguments, relative paths, START',
    text: '@file\n@@file arg1 arg2\n@../path/x.pks\n@ spaced.sql\n@@install/ut.sql &&schema\nstart other.sql 1\nsta x\n',
    expected: [
      'sqlplus start 1:1-1:6 "@file" args="file"',
      'sqlplus start-relative 2:1-2:17 "@@file arg1 arg2" args="file arg1 arg2"',
      'sqlplus start 3:1-3:15 "@../path/x.pks" args="../path/x.pks"',
      'sqlplus start 4:1-4:13 "@ spaced.sql" args="spaced.sql"',
      'sqlplus start-relative 5:1-5:26 "@@install/ut.sql &&schema" args="install/ut.sql &&schema"',
      'sqlplus start 6:1-6:18 "start other.sql 1" args="other.sql 1"',
      'sqlplus start 7:1-7:6 "sta x" args="x"',
    ],
  },
  {
    name: 'show errors, sho err, whenever, exit, quit',
    text: 'show errors\nsho err\nwhenever sqlerror exit failure\nwhenever oserror continue\nexit\nquit;\nexit sql.sqlcode\n',
    expected: [
      'sqlplus show 1:1-1:12 "show errors" args="errors"',
      'sqlplus show 2:1-2:8 "sho err" args="err"',
      'sqlplus whenever 3:1-3:31 "whenever sqlerror exit failure" args="sqlerror exit failure"',
      'sqlplus whenever 4:1-4:26 "whenever oserror continue" args="oserror continue"',
      'sqlplus exit 5:1-5:5 "exit" args=""',
      'sqlplus exit 6:1-6:6 "quit;" args=";"',
      'sqlplus exit 7:1-7:17 "exit sql.sqlcode" args="sql.sqlcode"',
    ],
  },
  {
    name: 'host, $ and !',
    text: 'host ls -l\n$ del x.tmp\n!rm x.tmp\nho dir\n',
    expected: [
      'sqlplus host 1:1-1:11 "host ls -l" args="ls -l"',
      'sqlplus host 2:1-2:12 "$ del x.tmp" args="del x.tmp"',
      'sqlplus host 3:1-3:10 "!rm x.tmp" args="rm x.tmp"',
      'sqlplus host 4:1-4:7 "ho dir" args="dir"',
    ],
  },
  {
    name: 'rem and remark lines are comments (no continuation)',
    text: "rem it's a remark -\nREMARK another\nRem\n",
    expected: [
      'sqlplus remark 1:1-1:20 "rem it\'s a remark -" args="it\'s a remark -"',
      'sqlplus remark 2:1-2:15 "REMARK another" args="another"',
      'sqlplus remark 3:1-3:4 "Rem" args=""',
    ],
  },
  {
    name: 'SQL*Plus report and SQLcl commands',
    text: 'ttitle left "x"\nbtitle off\nbreak on c\ncompute sum of a on c\nstore set x.sql\nalias ls=select 1 from dual;\ninfo t\nsqlformat csv\nddl t\nscript x.js\nload t x.csv\n',
    expected: [
      'sqlplus ttitle 1:1-1:16 "ttitle left \\"x\\"" args="left \\"x\\""',
      'sqlplus btitle 2:1-2:11 "btitle off" args="off"',
      'sqlplus break 3:1-3:11 "break on c" args="on c"',
      'sqlplus compute 4:1-4:22 "compute sum of a on c" args="sum of a on c"',
      'sqlplus store 5:1-5:16 "store set x.sql" args="set x.sql"',
      'sqlplus alias 6:1-6:29 "alias ls=select 1 from dual;" args="ls=select 1 from dual;"',
      'sqlplus info 7:1-7:7 "info t" args="t"',
      'sqlplus sqlformat 8:1-8:14 "sqlformat csv" args="csv"',
      'sqlplus ddl 9:1-9:6 "ddl t" args="t"',
      'sqlplus script 10:1-10:12 "script x.js" args="x.js"',
      'sqlplus load 11:1-11:13 "load t x.csv" args="t x.csv"',
    ],
  },
  {
    name: 'continuation lines ending in - (with and without a space)',
    text: 'column a -\n  format a10 -\n  heading "A"\nexec pkg.p( -\n1);\nset x on\n',
    expected: [
      'sqlplus column 1:1-3:14 "column a -\\n  format a10 -\\n  heading \\"A\\"" args="a -\\n  format a10 -\\n  heading \\"A\\""',
      'sqlplus execute 4:1-5:4 "exec pkg.p( -\\n1);" args="pkg.p( -\\n1);"',
      'sqlplus set 6:1-6:9 "set x on" args="x on"',
    ],
  },
  {
    name: 'SQL*Plus commands are only recognised at the start of a line; indented is fine',
    text: '  set echo on\ncommit; prompt x;\n',
    expected: [
      'sqlplus set 1:3-1:14 "set echo on" args="echo on"',
      'sql semicolon 2:1-2:8 "commit;"',
      'sql semicolon 2:9-2:18 "prompt x;"',
    ],
  },
  {
    name: 'show err directly after end; with no / followed by another CREATE',
    text: 'create or replace package a as\n  procedure x;\nend;\nshow err\ncreate or replace package b as\nend b;\n/\n',
    expected: [
      'plsql next-statement 1:1-3:5 "create or replace package a as\\n  procedure x;\\nend;"',
      'sqlplus show 4:1-4:9 "show err" args="err"',
      'plsql slash 5:1-6:7 "create or replace package b as\\nend b;"',
    ],
  },
  {
    name: 'create line directly after end x; without /',
    text: 'create or replace package a as\nend a;\ncreate or replace package body a as\nend a;\n',
    expected: [
      'plsql next-statement 1:1-2:7 "create or replace package a as\\nend a;"',
      'plsql eof 3:1-4:7 "create or replace package body a as\\nend a;"',
    ],
  },
  {
    name: 'recovery at prompt / set / @@ / exit after a unit without /',
    text: 'create procedure p is begin null; end;\nprompt done\nbegin p; end;\nset echo off\ndeclare x number; begin x := 1; end;\n@@next.sql\nbegin null; end;\nexit\n',
    expected: [
      'plsql next-statement 1:1-1:39 "create procedure p is begin null; end;"',
      'sqlplus prompt 2:1-2:12 "prompt done" args="done"',
      'plsql next-statement 3:1-3:14 "begin p; end;"',
      'sqlplus set 4:1-4:13 "set echo off" args="echo off"',
      'plsql next-statement 5:1-5:37 "declare x number; begin x := 1; end;"',
      'sqlplus start-relative 6:1-6:11 "@@next.sql" args="next.sql"',
      'plsql next-statement 7:1-7:17 "begin null; end;"',
      'sqlplus exit 8:1-8:5 "exit" args=""',
    ],
  },
  {
    name: 'no recovery inside PL/SQL: EXIT statements, UPDATE ... SET, identifiers named like commands',
    text: [
      'create or replace procedure p is',
      '  prompt varchar2(10);',
      'begin',
      '  loop',
      '    begin',
      '      null;',
      '    end;',
      '    exit;',
      '  end loop;',
      '  update t',
      '  set a = 1;',
      '  prompt := \'x\';',
      '  show(prompt);',
      '  set transaction read only;',
      'end;',
      '/',
    ].join('\n'),
    expected: [
      'plsql slash 1:1-15:5 "create or replace procedure p is\\n  prompt varchar2(10);\\nbegin\\n  loop\\n    begin\\n      null;\\n    end;\\n    exit;\\n  end loop;\\n  update t\\n  set a = 1;\\n  prompt := \'x\';\\n  show(prompt);\\n  set transaction read only;\\nend;"',
    ],
  },
  {
    name: 'no recovery at a prompt line when the code before does not end with ;',
    text: 'begin\n  x := 1\nprompt\n;\nend;\n/\n',
    expected: ['plsql slash 1:1-5:5 "begin\\n  x := 1\\nprompt\\n;\\nend;"'],
  },
  {
    name: 'a / inside a q-quoted string, a block comment, a string and a quoted identifier',
    text: "begin\n  x := q'[\n/\n]';\n  /*\n/\n  */\n  y := '\n/\n';\n  \"a\n/\" := 1;\nend;\n/\n",
    expected: [
      'plsql slash 1:1-13:5 "begin\\n  x := q\'[\\n/\\n]\';\\n  /*\\n/\\n  */\\n  y := \'\\n/\\n\';\\n  \\"a\\n/\\" := 1;\\nend;"',
    ],
  },
  {
    name: "q-quote delimiters: {} () <> !! and nq'..', n'..'",
    text: "select q'{a;'}', q'(b;')', q'<c;'>', q'!d;'!', nq'[e;']', N'f;''g', Q'#h;'#' from dual;\n",
    expected: [
      'sql semicolon 1:1-1:88 "select q\'{a;\'}\', q\'(b;\')\', q\'<c;\'>\', q\'!d;\'!\', nq\'[e;\']\', N\'f;\'\'g\', Q\'#h;\'#\' from dual;"',
    ],
  },
  {
    name: 'words ending in q or n are not q-quote prefixes',
    text: "select seq'a' , an'b' from dual;\n",
    expected: ['sql semicolon 1:1-1:33 "select seq\'a\' , an\'b\' from dual;"'],
  },
  {
    name: 'CREATE line inside a string does not end the unit',
    text: "begin\n  execute immediate '\ncreate table t (a number)';\nend;\n/\n",
    expected: ['plsql slash 1:1-4:5 "begin\\n  execute immediate \'\\ncreate table t (a number)\';\\nend;"'],
  },
  {
    name: 'CRLF line endings',
    text: 'set echo on\r\ncreate or replace function f return number is\r\nbegin\r\n  return 1;\r\nend;\r\n/\r\nselect f from dual;\r\n',
    expected: [
      'sqlplus set 1:1-1:12 "set echo on" args="echo on"',
      'plsql slash 2:1-5:5 "create or replace function f return number is\\r\\nbegin\\r\\n  return 1;\\r\\nend;"',
      'sql semicolon 7:1-7:20 "select f from dual;"',
    ],
  },
  {
    name: 'CR-only line endings',
    text: 'prompt a\rbegin null; end;\r/\rprompt b',
    expected: [
      'sqlplus prompt 1:1-1:9 "prompt a" args="a"',
      'plsql slash 2:1-2:17 "begin null; end;"',
      'sqlplus prompt 4:1-4:9 "prompt b" args="b"',
    ],
  },
  {
    name: 'wrapped package body ends at the / line',
    text: "create or replace package body ut3.x wrapped \na000000\n1\nabcd\n9\n2e6 1c7\nzE9Zy+q'oRJ/mkx;1yKbV\n/\nshow errors\n",
    expected: [
      'plsql wrapped slash 1:1-7:22 "create or replace package body ut3.x wrapped \\na000000\\n1\\nabcd\\n9\\n2e6 1c7\\nzE9Zy+q\'oRJ/mkx;1yKbV"',
      'sqlplus show 9:1-9:12 "show errors" args="errors"',
    ],
  },
  {
    name: 'wrapped with a quoted or substituted name; "wrapped" elsewhere is not',
    text: 'CREATE PROCEDURE "S"."P" WRAPPED\nabc\n/\ncreate function &&schema..f wrapped\nx\n/\ncreate procedure wrapped is begin null; end;\n/\n',
    expected: [
      'plsql wrapped slash 1:1-2:4 "CREATE PROCEDURE \\"S\\".\\"P\\" WRAPPED\\nabc"',
      'plsql wrapped slash 4:1-5:2 "create function &&schema..f wrapped\\nx"',
      'plsql slash 7:1-7:45 "create procedure wrapped is begin null; end;"',
    ],
  },
  {
    name: 'substitution variables anywhere',
    text: "create or replace package &&schema..pkg as\n  c constant varchar2(10) := '&x';\nend;\n/\ngrant execute on &&schema..pkg to &grantee;\ndefine schema = &1\n",
    expected: [
      'plsql slash 1:1-3:5 "create or replace package &&schema..pkg as\\n  c constant varchar2(10) := \'&x\';\\nend;"',
      'sql semicolon 5:1-5:44 "grant execute on &&schema..pkg to &grantee;"',
      'sqlplus define 6:1-6:19 "define schema = &1" args="schema = &1"',
    ],
  },
  {
    name: 'anonymous block with a label',
    text: '<<outer>>\ndeclare\n  x number;\nbegin\n  null;\nend outer;\n/\n',
    expected: ['plsql slash 1:1-6:11 "<<outer>>\\ndeclare\\n  x number;\\nbegin\\n  null;\\nend outer;"'],
  },
  {
    name: 'WITH FUNCTION is PL/SQL, WITH ... SELECT is SQL',
    text: 'with function f return number is begin return 1; end;\nselect f from dual;\n/\nwith q as (select 1 a from dual) select a from q;\n',
    expected: [
      'plsql slash 1:1-2:20 "with function f return number is begin return 1; end;\\nselect f from dual;"',
      'sql semicolon 4:1-4:50 "with q as (select 1 a from dual) select a from q;"',
    ],
  },
  {
    name: 'CREATE kinds: types and triggers are PL/SQL, views/tables/indexes/synonyms are SQL',
    text: [
      'create or replace type t as object (a number);',
      '/',
      'create type tt as table of t;',
      '/',
      'create or replace type t2 under t (b number);',
      '/',
      'create or replace editionable trigger trg before insert on x for each row begin null; end;',
      '/',
      'create or replace force view v as select 1 a from dual;',
      'create unique index i on x(a);',
      'create sequence s;',
      'create or replace public synonym s for x;',
      'create or replace noneditionable type body t as end;',
      '/',
      'create library l as \'/x.so\';',
      '/',
      'create or replace and compile java source named "J" as public class J { /* ; */ String s = "it\'s"; }',
      '/',
    ].join('\n'),
    expected: [
      'plsql slash 1:1-1:47 "create or replace type t as object (a number);"',
      'plsql slash 3:1-3:30 "create type tt as table of t;"',
      'plsql slash 5:1-5:46 "create or replace type t2 under t (b number);"',
      'plsql slash 7:1-7:91 "create or replace editionable trigger trg before insert on x for each row begin null; end;"',
      'sql semicolon 9:1-9:56 "create or replace force view v as select 1 a from dual;"',
      'sql semicolon 10:1-10:31 "create unique index i on x(a);"',
      'sql semicolon 11:1-11:19 "create sequence s;"',
      'sql semicolon 12:1-12:42 "create or replace public synonym s for x;"',
      'plsql slash 13:1-13:53 "create or replace noneditionable type body t as end;"',
      'plsql slash 15:1-15:29 "create library l as \'/x.so\';"',
      'plsql slash 17:1-17:101 "create or replace and compile java source named \\"J\\" as public class J { /* ; */ String s = \\"it\'s\\"; }"',
    ],
  },
  {
    name: 'unterminated string runs to EOF',
    text: "prompt start\nselect 'abc;\n/\nfrom dual;\n",
    expected: [
      'sqlplus prompt 1:1-1:13 "prompt start" args="start"',
      'sql eof 2:1-5:1 "select \'abc;\\n/\\nfrom dual;\\n"',
    ],
  },
  {
    name: 'unterminated block comment: the segment ends at EOF, the comment is not part of it',
    text: 'begin\n  null;\nend;\n/* never closed\n/\n',
    expected: ['plsql eof 1:1-3:5 "begin\\n  null;\\nend;"'],
  },
  {
    name: 'SQL without terminator at EOF',
    text: 'select 1\nfrom dual   ',
    expected: ['sql eof 1:1-2:10 "select 1\\nfrom dual"'],
  },
  {
    name: 'a SQL statement without ; ends at a blank line before DECLARE/CREATE/SQL*Plus (as SQL*Plus does)',
    text: 'select 1\nfrom dual\n\n-- next\ndeclare x number; begin null; end;\n/\naudit role\nwhenever successful;\n',
    expected: [
      'sql next-statement 1:1-2:10 "select 1\\nfrom dual"',
      'plsql slash 5:1-5:35 "declare x number; begin null; end;"',
      'sql semicolon 7:1-8:21 "audit role\\nwhenever successful;"',
    ],
  },
  {
    name: 'anonymous blocks without / and nested subprograms',
    text: 'declare\n  procedure p is begin null; end;\nbegin\n  p;\nend;\nbegin\n  null;\nend;\n',
    expected: [
      'plsql next-statement 1:1-5:5 "declare\\n  procedure p is begin null; end;\\nbegin\\n  p;\\nend;"',
      'plsql eof 6:1-8:5 "begin\\n  null;\\nend;"',
    ],
  },
  {
    name: 'package body with an initialisation section is one unit',
    text: 'create package body p as\n  procedure a is begin null; end;\nbegin\n  a;\nend p;\n/\n',
    expected: ['plsql slash 1:1-5:7 "create package body p as\\n  procedure a is begin null; end;\\nbegin\\n  a;\\nend p;"'],
  },
  {
    name: 'leading comments and a BOM are skipped; comment on the statement line before it too',
    text: '\uFEFF/* header */ -- x\n  /* c */ select 1 from dual;',
    expected: ['sql semicolon 2:11-2:30 "select 1 from dual;"'],
  },
  {
    name: 'conditional compilation at top level is not a $ host command',
    text: '$if true $then\nselect 1 from dual;\n$end\n',
    expected: ['sql semicolon 1:1-2:20 "$if true $then\\nselect 1 from dual;"', 'sql eof 3:1-3:5 "$end"'],
  },
  {
    name: 'lines in UTF-16 code units (surrogate pairs count as 2)',
    text: "prompt 😀\nselect '😀' from dual;\n",
    expected: [
      'sqlplus prompt 1:1-1:10 "prompt 😀" args="😀"',
      'sql semicolon 2:1-2:23 "select \'😀\' from dual;"',
    ],
  },
  {
    name: 'inline MLE JavaScript: quotes inside {{ }} open no SQL string',
    text: 'create function f return varchar2 as mle language javascript {{\n  return "don\'t";\n}};\n/\nselect 1 from dual;\n',
    expected: [
      'plsql slash 1:1-3:4 "create function f return varchar2 as mle language javascript {{\\n  return \\"don\'t\\";\\n}};"',
      'sql semicolon 5:1-5:20 "select 1 from dual;"',
    ],
  },
  {
    name: 'SQLPREFIX # line between statements is a command; inside a statement it stays in the code (the lexer hides it)',
    text: "select 1 from dual;\n#pause\nupdate t\nset a = 1\n#pause\nwhere b = 2;\n",
    expected: [
      "sql semicolon 1:1-1:20 \"select 1 from dual;\"",
      "sqlplus other-sqlplus 2:1-2:7 \"#pause\" args=\"pause\"",
      "sql semicolon 3:1-6:13 \"update t\\nset a = 1\\n#pause\\nwhere b = 2;\"",
    ],
  },
  {
    name: 'buffer edits: a line number and text at a statement start',
    text: "0 c clob := q'\\\n999999 end;;\n/\n",
    expected: [
      "sqlplus other-sqlplus 1:1-1:16 \"0 c clob := q'\\\\\" args=\"c clob := q'\\\\\"",
      "sqlplus other-sqlplus 2:1-2:13 \"999999 end;;\" args=\"end;;\"",
      "sqlplus slash 3:1-3:2 \"/\" args=\"\"",
    ],
  },
  {
    name: 'an @ line ends a SQL statement without a terminator, even without a blank line',
    text: "select *\n  from t\n where x = 1\n@pr\n",
    expected: [
      "sql next-statement 1:1-3:13 \"select *\\n  from t\\n where x = 1\"",
      "sqlplus start 4:1-4:4 \"@pr\" args=\"pr\"",
    ],
  },
  {
    name: 'a variable named like a SQL*Plus command in an unclosed block is code',
    text: "declare\n  o number;\n  def sys.dbms_describe.number_table;\nbegin\n  null;\nend;\n/\n",
    expected: [
      "plsql slash 1:1-6:5 \"declare\\n  o number;\\n  def sys.dbms_describe.number_table;\\nbegin\\n  null;\\nend;\"",
    ],
  },
  {
    name: 'a block nested in a declared subprogram does not close the outer block',
    text: "declare\n  procedure a is\n  begin\n    begin\n      null;\n    end;\n  end a;\n\nbegin\n  a;\nend;\n/\n",
    expected: [
      "plsql slash 1:1-11:5 \"declare\\n  procedure a is\\n  begin\\n    begin\\n      null;\\n    end;\\n  end a;\\n\\nbegin\\n  a;\\nend;\"",
    ],
  },
];

for (const c of cases) {
  test(`segmentScript: ${c.name}`, () => {
    const list = segmentScript(c.text);
    assert.deepEqual(
      list.map((s) => describe(c.text, s)),
      c.expected,
    );
    checkPositions(c.text, list);
  });
}

// ---- focused properties ------------------------------------------------------------------------------------------

test('segmentScript: firstWords and argsStart', () => {
  const text = 'CREATE OR REPLACE PACKAGE BODY ut_runner AS\nEND;\n/\nexec pkg.p(1);\n<<l>> begin null; end;\n/\n';
  const list = segmentScript(text);
  const [body, exec, block] = list;
  assert.ok(body?.kind === 'code');
  assert.deepEqual(body.firstWords, ['CREATE', 'OR', 'REPLACE', 'PACKAGE', 'BODY', 'UT_RUNNER']);
  assert.equal(body.wrapped, false);
  assert.ok(exec?.kind === 'sqlplus');
  assert.equal(exec.command, 'execute');
  assert.equal(exec.argsStart, text.indexOf('pkg'));
  assert.ok(block?.kind === 'code');
  assert.deepEqual(block.firstWords, ['<<L>>', 'BEGIN', 'NULL', 'END']);
  assert.equal(block.codeKind, 'plsql');
});

test('segmentScript: quoted identifiers keep their case in firstWords', () => {
  const list = segmentScript('create package "MySchema"."Pkg" as end;\n/\n');
  assert.ok(list[0]?.kind === 'code');
  assert.deepEqual(list[0].firstWords, ['CREATE', 'PACKAGE', '"MySchema"."Pkg"', 'AS', 'END']);
});

test('lookupCommand: SQL*Plus minimum abbreviations', () => {
  const expected: Record<string, string | undefined> = {
    pro: 'prompt',
    prom: 'prompt',
    pr: undefined,
    sho: 'show',
    sh: undefined,
    def: 'define',
    de: undefined,
    col: 'column',
    exec: 'execute',
    exe: undefined,
    spo: 'spool',
    rem: 'remark',
    conn: 'connect',
    var: 'variable',
    desc: 'describe',
    timi: 'timing',
    quit: 'exit',
    start: 'start',
    startup: 'startup',
    delete: undefined,
    select: undefined,
    insert: undefined,
    comment: undefined,
    savepoint: undefined,
    with: undefined,
    call: undefined,
  };
  for (const [word, name] of Object.entries(expected)) assert.equal(lookupCommand(word), name, word);
});

test('segmentScript: never throws on garbage and random fragments', () => {
  const pieces = ["'", '"', "q'[", '/*', '*/', '--', '\n', '\r\n', '\r', '/', ';', ' ', 'begin', 'end', 'create', 'prompt', '-', '@', '<<', '$', '&', 'wrapped', 'x', '\u0000', '\uD800', 'q', 'n'];
  let seed = 42;
  const rnd = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  for (let k = 0; k < 2000; k++) {
    let text = '';
    const len = rnd() % 40;
    for (let j = 0; j < len; j++) text += pieces[rnd() % pieces.length];
    const list = segmentScript(text);
    let prev = 0;
    for (const s of list) {
      assert.ok(s.start >= prev && s.end > s.start && s.end <= text.length, JSON.stringify(text));
      prev = s.end;
    }
    checkPositions(text, list);
  }
});

// Timing belongs in `npm run bench`, not in assertions: these inputs are here so that a quadratic scan shows up as
// a test that runs for minutes (and hits the runner's timeout) instead of a number on a noisy machine.
test('segmentScript: a 5 MB script and pathological single-construct inputs are segmented', { timeout: 120_000 }, () => {
  const unit = "create or replace package body p as\n  -- comment ; /\n  procedure x is begin y := 'a;b' || q'[/]'; end;\nend;\n/\nset echo on\nprompt Don't\nselect 1 from dual;\n";
  const text = unit.repeat(Math.ceil((5 * 1024 * 1024) / unit.length));
  assert.equal(segmentScript(text).length, 4 * Math.ceil((5 * 1024 * 1024) / unit.length));
  for (const big of ["'".padEnd(5e6, 'x'), '/*'.padEnd(5e6, '*'), 'q\'['.padEnd(5e6, ']'), 'begin\n'.repeat(8e5), '-\n'.repeat(2e6)]) {
    assert.ok(Array.isArray(segmentScript('prompt ' + big)));
    assert.ok(Array.isArray(segmentScript(big)));
  }
});

// ---- corpus -------------------------------------------------------------------------------------------------------

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpusDir = process.env.PLSQL_PERF_CORPUS ?? resolve(repoRoot, '..', 'shared', 'corpus');
const SOURCE_EXT = /\.(sql|pks|pkb|pck|pkg|tps|tpb|trg|plb|prc|fnc|typ)$/i;

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE_EXT.test(name)) out.push(path);
  }
  return out;
}

/** Whitespace, comments, and '/' or '.' lines only (the text between segments). */
function gapProblem(gap: string): string | undefined {
  let i = 0;
  let lineHasOnlySlash = true;
  while (i < gap.length) {
    const c = gap[i] as string;
    if (c === '\n' || c === '\r') {
      lineHasOnlySlash = true;
      i++;
    } else if (/\s|\uFEFF/.test(c)) i++;
    else if (gap.startsWith('--', i)) {
      const nl = gap.slice(i).search(/[\r\n]/);
      i = nl < 0 ? gap.length : i + nl;
    } else if (gap.startsWith('/*', i)) {
      const close = gap.indexOf('*/', i + 2);
      i = close < 0 ? gap.length : close + 2;
      lineHasOnlySlash = false;
    } else if ((c === '/' || c === '.') && lineHasOnlySlash) {
      const rest = gap.slice(i + 1).match(/^[^\S\r\n]*(?:[\r\n]|$)/);
      if (!rest) return gap.slice(i, i + 40);
      i++;
    } else return gap.slice(i, i + 40);
    if (c !== '\n' && c !== '\r' && !/\s/.test(c)) lineHasOnlySlash = false;
  }
  return undefined;
}

test('segmentScript: corpus invariants', (t) => {
  if (!existsSync(corpusDir)) {
    const message = `corpus directory not found: ${corpusDir} (set PLSQL_PERF_CORPUS)`;
    if (process.env.CI === 'true') assert.fail(message);
    t.skip(message);
    return;
  }
  const files = walk(corpusDir, []).sort();
  assert.ok(files.length > 0, `no source files under ${corpusDir}`);
  const decoder = new TextDecoder('utf-8'); // replacement for the few Latin-1 files
  const byKind = new Map<string, number>();
  const commands = new Map<string, number>();
  let segments = 0;
  const t0 = performance.now();
  for (const file of files) {
    const text = decoder.decode(readFileSync(file));
    const rel = relative(corpusDir, file);
    const list = segmentScript(text);
    segments += list.length;
    let prev = 0;
    for (const s of list) {
      const where = `${rel}:${s.line}`;
      assert.ok(s.start >= prev, `${where}: out of order or overlapping`);
      assert.ok(s.end > s.start, `${where}: empty segment`);
      assert.ok(text.slice(s.start, s.end).trim().length > 0, `${where}: blank segment`);
      const problem = gapProblem(text.slice(prev, s.start));
      assert.equal(problem, undefined, `${where}: uncovered text before the segment: ${JSON.stringify(problem)}`);
      if (s.kind === 'code') {
        const key = `${s.codeKind}/${s.terminator}`;
        byKind.set(key, (byKind.get(key) ?? 0) + 1);
        if (s.codeKind === 'plsql') {
          assert.match(s.firstWords[0] ?? '', /^(CREATE|DECLARE|BEGIN|WITH|<<)/, `${where}: PL/SQL segment start`);
        }
      } else {
        byKind.set('sqlplus', (byKind.get('sqlplus') ?? 0) + 1);
        commands.set(s.command, (commands.get(s.command) ?? 0) + 1);
        assert.ok(s.argsStart >= s.start && s.argsStart <= s.end, `${where}: argsStart`);
      }
      prev = s.end;
    }
    const problem = gapProblem(text.slice(prev));
    assert.equal(problem, undefined, `${rel}: uncovered text after the last segment: ${JSON.stringify(problem)}`);
  }
  const ms = performance.now() - t0;
  const top = [...commands.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
  console.log(
    `segmentScript corpus: ${files.length} files, ${segments} segments in ${ms.toFixed(0)} ms; ` +
      `by kind: ${[...byKind.entries()].sort().map(([k, v]) => `${k}=${v}`).join(', ')}; ` +
      `top SQL*Plus commands: ${top.map(([k, v]) => `${k}=${v}`).join(', ')}`,
  );
});

test('segmentScript: after a blank line, a query or PAUSE ends a query without ; (SQL*Plus ends the buffer there)', () => {
  const text = 'select a\nfrom t\n\nselect b from u\n\npause Press enter\n/\nselect c from v\nunion all\n\nselect d from w;\n';
  const kinds = segmentScript(text).map((s) => (s.kind === 'sqlplus' ? `sqlplus:${s.command}` : `code:${s.line}`));
  // the query after UNION ALL and a blank line continues the statement
  assert.deepEqual(kinds, ['code:1', 'code:4', 'sqlplus:pause', 'sqlplus:slash', 'code:8']);
});
