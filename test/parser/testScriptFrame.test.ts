import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { discoverFiles } from '../../server/src/cli/discover.ts';
import { testScriptCode, withoutTestScriptFrame } from '../../server/src/parser/testScriptFrame.ts';

// A PL/SQL Developer Test Window saved as it saves one (as in sirlanodrumond/ScriptPLSQL and
// bignosethethird/oracle-utilities): header, the number of code lines, the code, the variables (count, then name,
// type and value lines).
const code = [
  'declare',
  '  i integer;',
  'begin',
  '  for r in (select empno from emp) loop',
  '    update emp set sal = sal * 1.1 where empno = r.empno;',
  '  end loop;',
  'end;',
];
const testScript = (lines: readonly string[], count = lines.length, variables = ['2', 'i', '3', '0', 'msg', '5', 'done']) =>
  ['PL/SQL Developer Test script 3.0', String(count), ...lines, ...variables, ''].join('\n');

const findingsOf = (text: string) => analyzeText(text).findings.map((f) => `${f.line}:${f.column} ${f.rule}`);

test('a PL/SQL Developer test script: the code is checked at its own lines, the frame gives no syntax error', () => {
  const text = testScript(code);
  // the UPDATE is line 5 of the code, line 7 of the file
  assert.deepEqual(findingsOf(text), ['7:5 dml-in-loop']);
  const blanked = withoutTestScriptFrame(text);
  assert.equal(blanked.length, text.length);
  assert.equal(blanked.split('\n').length, text.split('\n').length);
  assert.equal(blanked.split('\n')[2], 'declare');
  assert.match(blanked.split('\n')[0]!, /^ +$/);
  assert.match(blanked.split('\n')[9]!, /^ +$/, 'the variables are blanked');
});

test('a test script saved with CR LF, with a byte order mark, or with no variables', () => {
  assert.deepEqual(findingsOf(testScript(code).replace(/\n/g, '\r\n')), ['7:5 dml-in-loop']);
  assert.deepEqual(findingsOf(`\ufeff${testScript(code)}`), ['7:5 dml-in-loop']);
  assert.deepEqual(findingsOf(testScript(code, code.length, ['0'])), ['7:5 dml-in-loop']);
});

test('a frame that does not hold together is parsed as it is: nothing of the code is blanked', () => {
  // the count was not updated after two lines were added by hand: the line after "5 lines" is code, not a count
  const stale = testScript(code, 5);
  assert.equal(testScriptCode(stale), undefined);
  assert.equal(withoutTestScriptFrame(stale), stale);
  const findings = findingsOf(stale);
  assert.ok(findings.includes('7:5 dml-in-loop'), findings.join(', '));
  assert.ok(findings.some((f) => f.endsWith('syntax-error')), 'the frame is reported, not hidden');
  // a count beyond the end of the file
  assert.equal(testScriptCode(testScript(code, 40)), undefined);
  // the header alone, or a header without a count
  assert.equal(testScriptCode('PL/SQL Developer Test script 3.0'), undefined);
  assert.equal(testScriptCode('PL/SQL Developer Test script 3.0\nbegin null; end;\n0\n'), undefined);
});

test('other text is left as it is (the same string)', () => {
  const text = code.join('\n');
  assert.equal(withoutTestScriptFrame(text), text);
  const quoted = `-- PL/SQL Developer Test script 3.0\n${text}`;
  assert.equal(withoutTestScriptFrame(quoted), quoted);
});

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'plsql-perf-tst-'));
  writeFileSync(join(root, 'raise_salaries.tst'), testScript(code));
  writeFileSync(join(root, 'unit_tests.tst'), 'TEST "salary" EXPECT 1.1\n');
  writeFileSync(join(root, 'empty.tst'), '');
});
after(() => rmSync(root, { recursive: true, force: true }));

test('a folder walk checks the .tst files that are PL/SQL Developer test scripts, not other tools\' .tst files', () => {
  const found = discoverFiles(['.'], root);
  assert.deepEqual(found.errors, []);
  assert.deepEqual(found.files.map((f) => f.display), ['raise_salaries.tst']);
  // a glob that names no extension takes what a folder walk takes
  assert.deepEqual(discoverFiles(['**'], root).files.map((f) => f.display), ['raise_salaries.tst']);
});
