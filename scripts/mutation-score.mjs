#!/usr/bin/env node
// The mutation score over every group of scripts/mutation.mjs, per file and in total, from the incremental files
// in reports/mutation/ (mutation-testing-report JSON). A file of a later run (a rerun of survivors with a
// `--mutate file:line-line` range) replaces the status of the same mutant in an earlier one.
// Usage: node scripts/mutation-score.mjs [--survivors [path-substring]] [--ranges [path-substring]]
//                                        [--unexplained [path-substring]]
//   --survivors lists the surviving mutants; --ranges prints them as Stryker `--mutate file:line-line` ranges, to
//   rerun only them after adding tests:
//   npx stryker run --force --mutate "$(node scripts/mutation-score.mjs --ranges rules/)" --incrementalFile reports/mutation/rerun-1.json
//   --unexplained lists the surviving mutants that no explanation entry in test/rules/mutation-*.md names, and
//   exits 1 when there is one. An entry is a list item whose text starts with one or more backticked places
//   `file.ts:LINE` or `file.ts:LINE-LINE` (file: the file name or the end of its path, `support/literals.ts`),
//   then the mutator(s) and why; an item may go on over indented lines:
//   "- `rules/heat.ts:12`, `heat.ts:20-22` ConditionalExpression — why". The lines are those of the source the
//   survivors were found on.
//   --baseline FILE [path-substring] writes the kept statuses (of the files matching the substring) as one
//   incremental report, tests named as in the reports they came from: after a change of a file, Stryker run with
//   `--incrementalFile` on a copy of it (without --force) reruns only the mutants whose code changed and the
//   survivors that new tests reach, and reuses the rest:
//   node scripts/mutation-score.mjs --baseline reports/mutation/final.json callGraph.ts &&
//   npx stryker run --mutate server/src/analysis/index/callGraph.ts --incrementalFile reports/mutation/final.json
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, 'reports/mutation/');
const reports = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f))
  .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);

/** path -> mutant key -> mutant */
const byFile = new Map();
/** path -> the source the kept statuses were found on */
const sourceOf = new Map();
for (const report of reports) {
  const { files, testFiles } = JSON.parse(readFileSync(report, 'utf8'));
  // test ids are numbers of one run; their names hold from run to run
  const testName = new Map(Object.values(testFiles ?? {}).flatMap((f) => f.tests.map((t) => [t.id, t.name])));
  const named = (ids) => ids?.map((id) => testName.get(id)).filter((name) => name !== undefined);
  for (const [path, file] of Object.entries(files)) {
    // a later report over another version of the file (tests added with a fix of the rule, lines moved): the
    // earlier statuses are of code that is gone, so that file's mutants are those of the later report only
    if (sourceOf.has(path) && file.source !== undefined && sourceOf.get(path) !== file.source) byFile.delete(path);
    if (file.source !== undefined) sourceOf.set(path, file.source);
    const mutants = byFile.get(path) ?? new Map();
    byFile.set(path, mutants);
    for (const m of file.mutants) {
      const key = `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement ?? ''}`;
      mutants.set(key, { ...m, killedBy: named(m.killedBy), coveredBy: named(m.coveredBy) });
    }
  }
}

const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);
const showSurvivors = process.argv.includes('--survivors');
const showRanges = process.argv.includes('--ranges');
const showUnexplained = process.argv.includes('--unexplained');
const baseline = process.argv.includes('--baseline') ? process.argv[process.argv.indexOf('--baseline') + 1] : undefined;
const flag = showSurvivors ? '--survivors' : showRanges ? '--ranges' : showUnexplained ? '--unexplained' : '--baseline';
const filter = showSurvivors || showRanges || showUnexplained ? process.argv[process.argv.indexOf(flag) + 1]
  : baseline ? process.argv[process.argv.indexOf(flag) + 2] : undefined;
const explained = showUnexplained ? explanationEntries() : [];
const unexplained = [];
const ranges = [];
let totalKilled = 0;
let totalSurvived = 0;
const rows = [];
const removed = [];
let stale = 0;
for (const [path, mutants] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  // a file removed since its run has no mutants left to kill; one changed since its last run is scored on its old
  // source: marked, so that a rerun is not forgotten
  if (!existsSync(join(root, path))) {
    removed.push(path);
    continue;
  }
  const changed = sourceOf.has(path) && sourceOf.get(path) !== readFileSync(join(root, path), 'utf8');
  if (changed) stale++;
  const all = [...mutants.values()];
  const killed = all.filter((m) => detected.has(m.status)).length;
  const survivors = all.filter((m) => undetected.has(m.status));
  totalKilled += killed;
  totalSurvived += survivors.length;
  const score = killed + survivors.length === 0 ? '-' : `${Math.floor((1000 * killed) / (killed + survivors.length)) / 10}%`;
  rows.push(`| \`${path.replace('server/src/analysis/', '')}\`${changed ? ' (source changed since)' : ''} | ${killed} | ${survivors.length} | ${score} |`);
  if (showRanges && (!filter || path.includes(filter))) {
    // exactly the mutant's place (Stryker reads the columns 0-based, the report writes them 1-based), so a mutant
    // over many lines brings no others along
    for (const m of survivors) ranges.push(`${path}:${m.location.start.line}:${m.location.start.column - 1}-${m.location.end.line}:${m.location.end.column}`);
  }
  if (showSurvivors && (!filter || path.includes(filter))) {
    for (const m of survivors.sort((a, b) => a.location.start.line - b.location.start.line)) {
      console.log(`${path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? '').slice(0, 100)}`);
    }
  }
  if (showUnexplained && (!filter || path.includes(filter))) {
    for (const m of survivors.sort((a, b) => a.location.start.line - b.location.start.line)) {
      const line = m.location.start.line;
      if (!explained.some((e) => namesFile(e.file, path) && e.from <= line && line <= e.to)) {
        unexplained.push(`${path}:${line}:${m.location.start.column} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? '').slice(0, 100)}`);
      }
    }
  }
}
if (baseline) writeBaseline(baseline);
else if (showUnexplained) {
  for (const u of unexplained) console.log(u);
  console.log(`${unexplained.length} surviving mutant(s) without an explanation entry`);
  if (unexplained.length > 0) process.exitCode = 1;
} else if (showRanges) console.log([...new Set(ranges)].join(","));
else if (!showSurvivors) {
  console.log('| file | killed | survived | score |\n|---|---|---|---|');
  console.log(rows.join('\n'));
  const total = totalKilled + totalSurvived;
  console.log(`| **all** | ${totalKilled} | ${totalSurvived} | **${total === 0 ? '-' : (Math.floor((1000 * totalKilled) / total) / 10)}%** |`);
  if (removed.length > 0) console.log(`\nNot counted, removed since their run: ${removed.join(', ')}`);
  if (stale > 0) console.log(`\n${stale} file(s) changed since their last run: rerun them for a current score.`);
}

/** The explanation entries of test/rules/mutation-*.md: list items starting with backticked `file.ts:LINE[-LINE]`. */
function explanationEntries() {
  const docs = join(root, 'test/rules/');
  const entries = [];
  for (const name of readdirSync(docs).filter((f) => /^mutation-.*\.md$/.test(f))) {
    // a list item with its continuation lines (indented, not a new item) as one text
    const items = readFileSync(join(docs, name), 'utf8').split(/\n(?=\s*[-*]\s|\S)/);
    for (const item of items) {
      const head = /^\s*[-*]\s+((?:`[\w./-]+\.ts:\d+(?::\d+)?(?:-\d+)?`[,\s]*)+)/.exec(item);
      if (!head) continue;
      for (const [, file, from, to] of head[1].matchAll(/`([\w./-]+\.ts):(\d+)(?::\d+)?(?:-(\d+))?`/g)) {
        entries.push({ file, from: Number(from), to: Number(to ?? from) });
      }
    }
  }
  return entries;
}

/** Whether an entry's file (the file name, or the end of its path: `support/literals.ts`) is the report's path. */
function namesFile(file, path) {
  return path.endsWith(`/${file}`);
}

/** Writes the kept statuses of the files matching `filter` as one mutation-testing report, tests renumbered by name. */
function writeBaseline(file) {
  const idOf = new Map();
  const ids = (names) => names?.map((name) => {
    if (!idOf.has(name)) idOf.set(name, String(idOf.size));
    return idOf.get(name);
  });
  const files = {};
  for (const [path, mutants] of byFile) {
    if ((filter && !path.includes(filter)) || !existsSync(join(root, path))) continue;
    const kept = [...mutants.values()].map((m, at) => ({ ...m, id: `${path}#${at}`, killedBy: ids(m.killedBy), coveredBy: ids(m.coveredBy) }));
    files[path] = { language: 'typescript', source: sourceOf.get(path), mutants: kept };
  }
  const tests = [...idOf].map(([name, id]) => ({ id, name }));
  writeFileSync(file, JSON.stringify({ schemaVersion: '2.0', thresholds: { high: 80, low: 60 }, files, testFiles: { '': { tests } } }));
  console.log(`${file}: ${Object.keys(files).length} file(s), ${Object.values(files).reduce((n, f) => n + f.mutants.length, 0)} mutants, ${tests.length} tests`);
}
