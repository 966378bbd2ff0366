/**
 * The editor's view of a `.plsqlperf.json` (configProblems.ts): every problem with the place it underlines. An
 * unknown rule id is a warning and the rest of the file applies; anything else keeps the file from being used.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkConfigText } from '../../server/src/analysis/config/configProblems.ts';

const ids = ['dml-in-loop', 'commit-in-loop'];
const check = (text: string) => {
  const checked = checkConfigText(text, '/project/.plsqlperf.json', ids);
  return {
    rules: checked.config?.analyzer.rules,
    problems: checked.problems.map((p) => `${p.severity} ${p.pointer} [${text.slice(p.offset, p.offset + p.length)}] ${p.message}`),
  };
};

test('config problems: an unknown rule id is a warning under its name, the rest of the file applies', () => {
  assert.deepEqual(check('{ "rules": { "dml-in-loop": { "severity": "info" }, "dml-in-lop": { "enabled": false } } }'), {
    rules: { 'dml-in-loop': { severity: 'info' } },
    problems: ['warning /rules/dml-in-lop ["dml-in-lop"] unknown rule "dml-in-lop" (ignored; known rules: commit-in-loop, dml-in-loop)'],
  });
});

test('config problems: a schema error keeps the file from being used and underlines the value or the name', () => {
  // after a byte order mark the places are still those of the text as the editor holds it
  assert.deepEqual(check('\uFEFF{ "rules": { "dml-in-loop": { "severity": "fatal" } } }'), {
    rules: undefined,
    problems: ['error /rules/dml-in-loop/severity ["fatal"] expected one of "error", "warning", "info", got "fatal"'],
  });
  assert.deepEqual(check('{ "rules": { "Dml_In_Loop": {} } }').problems, ['error /rules/Dml_In_Loop ["Dml_In_Loop"] expected a kebab-case rule id, got "Dml_In_Loop"']);
  assert.deepEqual(check('{ "exclude": ["a"], "colour": 1 }').problems, ['error /colour ["colour"] unknown property "colour"']);
});

test('config problems: invalid JSON is one problem, at the first syntax error', () => {
  assert.deepEqual(check('{ "rules": { "dml-in-loop": { "severity": "info" }, } }').problems,
    ['error  [}] invalid JSON: a property name in double quotes expected (a comma too many?)']);
  assert.deepEqual(check('{ "rules": { "commit-in-loop": { "severity": "error" } } } x').problems, ['error  [x] invalid JSON: unexpected character']);
  assert.deepEqual(check('').problems, ['error  [] invalid JSON: a value expected']);
});

test('config problems: every schema error of the file, each once, at its own place; a top-level value that is no object', () => {
  assert.deepEqual(check('[]').problems, ['error  [[]] expected an object, got []']);
  assert.deepEqual(check('{ "rules": { "dml-in-loop": "loud", "commit-in-loop": { "severity": "fatal" } } }').problems, [
    'error /rules/dml-in-loop ["loud"] expected one of "off", "on", "error", "warning", "info", got "loud"',
    'error /rules/commit-in-loop/severity ["fatal"] expected one of "error", "warning", "info", got "fatal"',
  ]);
  assert.deepEqual(check('{ "rules": { "Dml_In_Loop": "off", "commit-in-loop": 3 } }').problems, [
    'error /rules/Dml_In_Loop ["Dml_In_Loop"] expected a kebab-case rule id, got "Dml_In_Loop"',
    'error /rules/commit-in-loop [3] expected an object, got 3',
  ]);
  assert.deepEqual(check('{ "include": ["a"], "include2": 1, "exclude": "b" }').problems, [
    'error /include2 ["include2"] unknown property "include2"',
    'error /exclude ["b"] expected an array, got "b"',
  ]);
});

test('config problems: comments are not JSON; a syntax error after a byte order mark is underlined where the editor shows it', () => {
  assert.deepEqual(check('{ // why\n "rules": {} }').problems, ['error  [// why] invalid JSON: comments are not allowed in JSON']);
  assert.deepEqual(check('\uFEFF{ "rules": {} } x').problems, ['error  [x] invalid JSON: unexpected character']);
  assert.deepEqual(check('{ "rules": nul }').problems, ['error  [nul] invalid JSON: unexpected character']);
});

test('config problems: an array element that breaks the schema is underlined itself, not its array', () => {
  assert.deepEqual(check('{ "exclude": ["src", ""] }').problems, ['error /exclude/1 [""] expected a non-empty string']);
  assert.deepEqual(check('{ "roles": { "demo": { "paths": ["a", 3] } } }').problems, ['error /roles/demo/paths/1 [3] expected a string, got 3']);
});
