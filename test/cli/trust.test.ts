/**
 * The checker loses nothing and destroys nothing, whatever it is given: a comment, string or q-quote that is
 * never closed is an error at its start (inside a unit or outside any), a report is never written over an input,
 * and every kind of line break is counted as editors count it, with suppression comments working for each.
 * Each input has a normal unit besides the bad part: its finding must still be reported.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli } from './runCli.ts';

/** select-into-in-loop at line 4, column 5 (the loop's query on line 3); ends with its `/` line (7 lines). */
const NORMAL = 'create or replace procedure a is\nbegin\n  for r in (select * from t) loop\n    select x into v from u where id = r.id;\n  end loop;\nend;\n/\n';
const NORMAL_FINDING = 'select-into-in-loop@4:5';

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const inRoot = (args: string[]) => runCli(args, { cwd: root });
function check(args: string[]): { code: number | null; report: any; stderr: string } {
  const run = inRoot(['check', '--format', 'json', ...args]);
  try {
    return { code: run.code, report: JSON.parse(run.stdout), stderr: run.stderr };
  } catch {
    return assert.fail(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}
const at = (f: any) => `${f.rule}@${f.line}:${f.column}`;
const byFile = (report: any, file: string) => report.findings.filter((f: any) => f.file === file);

before(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'plsql-perf-trust-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

test('nothing lost: every construct never closed is an error at its start naming what and how many lines it swallows', () => {
  const cases: { file: string; text: string; expected: string[]; message: RegExp }[] = [
    {
      file: 'comment-after-unit.sql',
      text: `${NORMAL}/* never closed\nselect 1 from dual;\n`,
      expected: [NORMAL_FINDING, 'syntax-error@8:1'],
      message: /^syntax error: a comment that is never closed starts here: it swallows the line after it to the end of the file, which is never checked$/,
    },
    {
      file: 'comment-after-line-comment.sql',
      text: `${NORMAL}-- the rest is old\n/* select 1 from dual;\nselect 2 from dual;\n\nselect 3 from dual;\n`,
      expected: [NORMAL_FINDING, 'syntax-error@9:1'],
      message: /a comment that is never closed starts here: it swallows the 3 lines after it to the end of the file/,
    },
    { file: 'only-a-comment.sql', text: '/* nothing else', expected: ['syntax-error@1:1'], message: /a comment that is never closed starts here: it runs to the end of the file$/ },
    {
      file: 'string-after-unit.sql',
      text: `${NORMAL}select 'never closed from dual;\nselect 1 from dual;\n`,
      expected: [NORMAL_FINDING, 'syntax-error@8:8'],
      message: /^syntax error: a string that is never closed starts here: it swallows the line after it to the end of the file/,
    },
    {
      file: 'q-quote-after-unit.sql',
      text: `${NORMAL}select q'[never closed from dual;\nselect 1 from dual;\nselect 2 from dual;\n`,
      expected: [NORMAL_FINDING, 'syntax-error@8:8'],
      message: /^syntax error: a q-quoted string \(q'\.\.\.'\) that is never closed starts here: it swallows the 2 lines after it/,
    },
    {
      file: 'string-in-second-unit.sql',
      text: `${NORMAL}create or replace procedure b is\nbegin\n  x := 'abc;\nend;\n/\n${NORMAL}`,
      expected: [NORMAL_FINDING, 'syntax-error@10:8'],
      message: /a string that is never closed starts here: it swallows the 9 lines after it to the end of the file/,
    },
    {
      file: 'nq-quote-in-second-unit.sql',
      text: `${NORMAL}create or replace procedure b is\nbegin\n  x := nq'{abc;\nend;\n/\n`,
      expected: [NORMAL_FINDING, 'syntax-error@10:8'],
      message: /a q-quoted string \(q'\.\.\.'\) that is never closed starts here: it swallows the 2 lines after it/,
    },
    {
      file: 'comment-in-second-unit.sql',
      text: `${NORMAL}create or replace procedure b is\nbegin\n  x := 1; /* abc;\nend;\n/\n`,
      expected: [NORMAL_FINDING, 'syntax-error@10:11'],
      message: /a comment that is never closed starts here: it swallows the 2 lines after it to the end of the file/,
    },
  ];
  for (const c of cases) write(`unclosed/${c.file}`, c.text);
  const { code, report, stderr } = check(['unclosed']);
  assert.equal(code, 1, stderr);
  for (const c of cases) {
    const findings = byFile(report, `unclosed/${c.file}`);
    assert.deepEqual(findings.map(at), c.expected, c.file);
    const error = findings.find((f: any) => f.rule === 'syntax-error');
    assert.match(error.message, c.message, c.file);
    assert.equal(error.severity, 'error');
  }
  // Alone, the file that is nothing but an open comment fails the run too (it used to exit 0 with no finding).
  const alone = check(['unclosed/only-a-comment.sql']);
  assert.equal(alone.code, 1);
  assert.equal(alone.report.findings.length, 1);
});

test('never overwrite an input: --output on an input file, or a file a checked folder would include, is refused (exit 2)', () => {
  write('out/src/a.sql', NORMAL);
  write('out/src/sub/b.pkb', NORMAL);
  symlinkSync(join(root, 'out/src/a.sql'), join(root, 'out/link-to-a.json'));
  const original = readFileSync(join(root, 'out/src/a.sql'), 'utf8');
  const refused: [string[], RegExp][] = [
    [['out/src', '-o', 'out/src/a.sql'], /it is one of the input files/],
    [['out/src', '--output', 'out/src/../src/sub/b.pkb'], /it is one of the input files/],
    [['out/src/a.sql', '-o', 'out/link-to-a.json'], /it is one of the input files/],
    [['out/src', '-o', 'out/src/sub/report.sql'], /inside a checked folder and would be checked/],
    [['out/src/**/*.pkb', '-o', 'out/src/new.pkb'], /inside a checked folder and would be checked/],
  ];
  for (const [args, message] of refused) {
    const run = inRoot(['check', '--format', 'json', ...args]);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message, args.join(' '));
    assert.equal(run.stdout, '');
  }
  assert.equal(readFileSync(join(root, 'out/src/a.sql'), 'utf8'), original);
  assert.deepEqual(readdirSync(join(root, 'out/src')).sort(), ['a.sql', 'sub']);
  assert.deepEqual(readdirSync(join(root, 'out/src/sub')).sort(), ['b.pkb']);

  // Not an input and not something a check reads: written, replacing the old report whole, no temporary left.
  write('out/src/report.json', 'old report, much longer than nothing '.repeat(1000));
  const ok = inRoot(['check', '--format', 'json', 'out/src', '-o', 'out/src/report.json']);
  assert.equal(ok.code, 1, ok.stderr);
  const written = JSON.parse(readFileSync(join(root, 'out/src/report.json'), 'utf8'));
  assert.equal(written.findings.length, 2);
  assert.deepEqual(readdirSync(join(root, 'out/src')).sort(), ['a.sql', 'report.json', 'sub']);
  // A file a --config exclude leaves out is not read, so it may be written.
  write('out/cfg.json', JSON.stringify({ exclude: ['**/generated/**'] }));
  mkdirSync(join(root, 'out/src/generated'));
  const excluded = inRoot(['check', '--config', 'out/cfg.json', 'out/src', '-o', 'out/src/generated/report.sql']);
  assert.equal(excluded.code, 1, excluded.stderr);
});

test('never overwrite an input: report --out on the profile it reads is refused (exit 2)', () => {
  mkdirSync(join(root, 'profiles'), { recursive: true });
  const profile = join(root, 'profiles/p.plsqlprofile.json');
  copyFileSync(join(repoRoot, 'test/fixtures/profile/by2-loop.plsqlprofile.json'), profile);
  const original = readFileSync(profile, 'utf8');
  for (const args of [['profiles/p.plsqlprofile.json', '--out', 'profiles/p.plsqlprofile.json'], ['profiles/p.plsqlprofile.json', '--compare', 'profiles/p.plsqlprofile.json', '-o', './profiles/../profiles/p.plsqlprofile.json']]) {
    const run = inRoot(['report', ...args]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /refusing to write the report to .*: it is one of the input files/);
  }
  assert.equal(readFileSync(profile, 'utf8'), original);
  const ok = inRoot(['report', 'profiles/p.plsqlprofile.json', '--format', 'markdown', '--out', 'profiles/p.md']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(readdirSync(join(root, 'profiles')).sort(), ['p.md', 'p.plsqlprofile.json']);
});

/**
 * The same procedure with every line ending: a suppressed SELECT INTO on line 5 and a reported one on line 6.
 * Editors (and the Language Server Protocol) count CR LF, LF and a lone CR; VS Code counts no other character.
 */
const SUPPRESSED = [
  'create or replace procedure a is',
  'begin',
  '  for r in (select * from t) loop',
  '    -- plsql-perf-disable-next-line select-into-in-loop -- a one-row lookup table',
  '    select x into v from u where id = r.id;',
  '    select y into w from u where id = r.id;',
  '    /* plsql-perf-disable-next-line select-into-in-loop -- the same */',
  '    select z into w from u where id = r.id;',
  '  end loop;',
  'end;',
  '/',
  '',
];

test('line terminators: LF, CR LF and a lone CR count as line breaks; suppressions work with each', () => {
  for (const [name, eol] of [['lf', '\n'], ['crlf', '\r\n'], ['cr', '\r'], ['mixed', '\r']] as const) {
    let text = SUPPRESSED.join(eol);
    if (name === 'mixed') text = SUPPRESSED.slice(0, 4).join('\r\n') + '\n' + SUPPRESSED.slice(4).join('\r');
    write(`eol/${name}.sql`, text);
  }
  const { report, stderr } = check(['eol']);
  for (const name of ['cr', 'crlf', 'lf', 'mixed']) {
    const findings = byFile(report, `eol/${name}.sql`);
    assert.deepEqual(findings.map(at), ['select-into-in-loop@6:5'], `${name}: ${stderr}`);
    assert.match(findings[0].message, /query at line 3/, name);
  }
  assert.equal(report.stats.lines, 4 * 12);
});

test('line terminators: U+2028, U+2029 and NEL end no line (as in VS Code and Oracle); in code they are an error, in comments and strings text', () => {
  for (const [name, sep] of [['ls', '\u2028'], ['ps', '\u2029'], ['nel', '\u0085']] as const) {
    const lines = [...SUPPRESSED];
    // In a comment and in a string: text. The suppression comment ends with one: still the line before line 5.
    lines[1] = `begin -- note${sep}still the comment`;
    lines[3] = `${lines[3]}${sep}`;
    lines[5] = `    select y into w from u where id = r.id and n = 'a${sep}b';`;
    write(`sep/${name}-text.sql`, lines.join('\n'));
    // Between two words of code: an error at its place; the next unit is still checked.
    write(`sep/${name}-code.sql`, `begin${sep}null;\nend;\n/\n${NORMAL}`);
  }
  const { report } = check(['sep']);
  for (const name of ['ls', 'ps', 'nel']) {
    assert.deepEqual(byFile(report, `sep/${name}-text.sql`).map(at), ['select-into-in-loop@6:5'], name);
    const code = byFile(report, `sep/${name}-code.sql`);
    assert.equal(at(code[0]), 'syntax-error@1:6', name);
    assert.equal(at(code[code.length - 1]), 'select-into-in-loop@7:5', name);
    assert.match(code[0].message, /(LINE SEPARATOR \(U\+2028\)|PARAGRAPH SEPARATOR \(U\+2029\)|NEXT LINE \(U\+0085\)) \(Oracle reads it as neither a line break nor a blank\)/);
  }
});
