#!/usr/bin/env node
// Mutant by mutant, the statuses of one runner's report against another's (issue 14: the in-process runner checked
// against the command runner). Each side is one or more mutation-testing-report JSON files, read in the order given
// (a later file's status of a mutant replaces an earlier one, as in mutation-score.mjs); only files whose source is
// the same on both sides are compared.
// Usage: node scripts/mutation-compare.mjs reference.json [...] -- candidate.json [...]
import { readFileSync } from 'node:fs';

const dash = process.argv.indexOf('--');
if (dash < 0) {
  console.error('usage: node scripts/mutation-compare.mjs reference.json [...] -- candidate.json [...]');
  process.exit(2);
}

const detected = new Set(['Killed', 'Timeout']);
const verdict = (status) => (detected.has(status) ? 'killed' : status === 'Ignored' ? 'ignored' : 'survived');

function read(reports) {
  /** path -> { source, mutants: key -> mutant } */
  const files = new Map();
  for (const report of reports) {
    for (const [path, file] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) {
      const known = files.get(path);
      const entry = known && known.source === file.source ? known : { source: file.source, mutants: new Map() };
      files.set(path, entry);
      for (const m of file.mutants) {
        const key = `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement ?? ''}`;
        entry.mutants.set(key, m);
      }
    }
  }
  return files;
}

const reference = read(process.argv.slice(2, dash));
const candidate = read(process.argv.slice(dash + 1));
let same = 0;
let missing = 0;
const differences = [];
for (const [path, file] of candidate) {
  const ref = reference.get(path);
  if (!ref) {
    console.log(`${path}: not in the reference`);
    continue;
  }
  if (ref.source !== file.source) {
    console.log(`${path}: source differs from the reference's, not compared`);
    continue;
  }
  for (const [key, m] of file.mutants) {
    const r = ref.mutants.get(key);
    if (!r) {
      missing++;
      continue;
    }
    if (verdict(r.status) === verdict(m.status)) same++;
    else differences.push(`${path}:${key.split(' ')[0]} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '').slice(0, 60)}: reference ${r.status}, candidate ${m.status}${m.killedBy?.length ? ` (killed by ${m.killedBy.join(', ')})` : ''}${m.statusReason ? ` [${m.statusReason.split('\n')[0].slice(0, 120)}]` : ''}`);
  }
}
console.log(`same verdict: ${same}; different: ${differences.length}; not in the reference: ${missing}`);
for (const d of differences) console.log(`  ${d}`);
