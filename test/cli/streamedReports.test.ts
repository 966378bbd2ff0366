/**
 * The reports are written in chunks (reporters/jsonChunks.ts, reporters/index.ts renderChunks): their text must
 * be byte for byte what one JSON.stringify of the whole report gives (the JSON shape is a contract), on tricky
 * values and on real check runs over the examples and a corpus sample, in every format. And the code lines of
 * findings (codeLines.ts) are the lines a split of the text gives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createProjectAnalyzer } from '../../server/src/analysis/analyzeProject.ts';
import { checkFiles } from '../../server/src/cli/check.ts';
import { linesAt } from '../../server/src/cli/codeLines.ts';
import { FORMATS, type CheckReport } from '../../server/src/cli/model.ts';
import { renderCodeClimate } from '../../server/src/cli/reporters/codeclimate.ts';
import { toJsonText } from '../../server/src/cli/reporters/escape.ts';
import { render, renderChunks } from '../../server/src/cli/reporters/index.ts';
import { CHUNK_CHARS, jsonChunks, StreamedList } from '../../server/src/cli/reporters/jsonChunks.ts';
import { renderJson } from '../../server/src/cli/reporters/json.ts';
import { renderMarkdown } from '../../server/src/cli/reporters/markdown.ts';
import { renderSarif } from '../../server/src/cli/reporters/sarif.ts';
import { renderSonarQube, renderSonarQubeLegacy } from '../../server/src/cli/reporters/sonarqube.ts';
import { renderText } from '../../server/src/cli/reporters/text.ts';

const root = new URL('../..', import.meta.url).pathname;
const streamed = (value: unknown) => [...jsonChunks(value)].join('');

test('jsonChunks: the same text as JSON.stringify(value, null, 2) on values that test its rules', () => {
  const long = 'x'.repeat(CHUNK_CHARS + 17);
  const values: unknown[] = [
    {},
    [],
    { a: [] , b: {}, c: [[]], d: [{}] },
    { skipped: undefined, fn: () => 1, kept: null, n: Number.NaN, inf: Infinity, neg: -0, t: true },
    [undefined, () => 1, null, 1.5, 'two'],
    { nested: { deeper: { deepest: { bottom: { floor: [1, { x: [2, 3] }] } } } } },
    { text: 'line\nbreak "quoted" \\ tab\t', bidi: '\u202Eevil\u2028\u0085\x7F\uFEFF', astral: '😀', lone: '\uD800' },
    { date: new Date(0), withToJson: { toJSON: () => ({ made: [1, 2] }) }, map: new Map([[1, 2]]) },
    { '2': 'integer keys first', b: 1, '1': 0, a: { '10': 1, '9': 2 } },
    { long, list: [long, long] },
    { list: new StreamedList(3, function* () { yield { i: 1 }; yield [2]; yield undefined; }) },
    new StreamedList(0, function* () {}),
    new StreamedList(2, function* () { yield 'a'; yield { b: [] }; }),
    'just a string',
    42,
    null,
  ];
  for (const value of values) assert.equal(streamed(value), toJsonText(value), JSON.stringify(value)?.slice(0, 80));
  // long values are cut into chunks of about CHUNK_CHARS, and a list is made anew on each pass
  const chunks = [...jsonChunks({ long, list: [long, long] })];
  assert.ok(chunks.length >= 3, `${chunks.length} chunks`);
  let made = 0;
  const list = new StreamedList(2, function* () { made++; yield 1; yield 2; });
  assert.equal(streamed({ list }), streamed({ list }));
  assert.equal(made, 2);
});

function reportOf(files: string[]): CheckReport {
  const report = checkFiles(files.map((path) => ({ path, display: path.slice(root.length) })), createProjectAnalyzer({}, { findingsOnly: true }));
  return { ...report, parseMs: 1.5, analysisMs: 2, indexMs: 0.25, callGraphMs: 3 };
}

const examples = readdirSync(join(root, 'examples')).filter((n) => /\.(sql|pk[sb]|prc|fnc|tps|tpb|trg)$/i.test(n)).map((n) => join(root, 'examples', n));
const corpusSample = (() => {
  const dir = join(root, '../shared/corpus/utPLSQL/source/core');
  try {
    return readdirSync(dir).filter((n) => /\.pk[sb]$/.test(n)).slice(0, 40).map((n) => join(dir, n));
  } catch {
    return [];
  }
})();

test('every format streamed is byte for byte the format rendered whole: examples and a corpus sample', () => {
  const options = { failOn: 'warning' as const, quiet: false, docsBaseUrl: 'https://example.org/p/blob/main/' };
  for (const [name, files] of [['examples', examples], ['corpus sample', corpusSample]] as const) {
    if (files.length === 0) continue;
    const report = reportOf(files);
    assert.ok(report.findings.length > 5, `${name}: ${report.findings.length} findings`);
    const whole: Record<(typeof FORMATS)[number], string> = {
      text: renderText(report, options),
      json: renderJson(report),
      sarif: renderSarif(report, { version: '1.2.3', docsBaseUrl: options.docsBaseUrl }),
      sonarqube: renderSonarQube(report),
      'sonarqube-legacy': renderSonarQubeLegacy(report),
      markdown: renderMarkdown(report, options.docsBaseUrl),
      codeclimate: renderCodeClimate(report),
    };
    for (const format of FORMATS) {
      const chunks = [...renderChunks(format, report, options, '1.2.3')];
      assert.equal(chunks.join(''), whole[format], `${name} ${format}`);
      assert.equal(render(format, report, options, '1.2.3'), whole[format]);
    }
    // the JSON formats rendered whole are JSON.stringify of the materialised document
    assert.equal(whole.json, `${JSON.stringify(JSON.parse(whole.json), null, 2)}\n`);
  }
});

test('linesAt: the lines split(/\\r\\n?|\\n/) gives, for the lines asked only', () => {
  const texts = ['a\nb\r\nc\rd\n\ne', '', '\n', 'one line', 'x\r\n\r\n\u2028y\n'];
  for (const text of texts) {
    const all = text.split(/\r\n?|\n/);
    const asked = [0, 1, 2, 3, 4, 5, 6, 99, 3];
    const got = linesAt(text, asked);
    for (const n of asked) assert.equal(got.get(n), all[n - 1], `${JSON.stringify(text)} line ${n}`);
  }
  assert.equal(linesAt('a\nb', []).size, 0);
  const big = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
  assert.deepEqual([...linesAt(big, [4000, 2, 4000])], [[2, 'line 1'], [4000, 'line 3999']]);
});
