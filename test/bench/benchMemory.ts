/**
 * Memory benchmark (issue 19, item 4): the peak RSS of `plsql-perf check` as a whole process on a 20 MB file of
 * ordinary procedures (target 700 MB) in every report format, and on one block of 300,000 statements (target
 * 400 MB) with the text and the JSON report. Each run is a fresh process; its peak RSS and CPU come from
 * process.resourceUsage at exit.
 *
 *   npm run bench            (its last section)
 *   node dist/bench-memory.mjs [--runs N]     (N runs of each, one after the other; default 1)
 *
 * The machine's load is printed with the figures: RSS depends little on it, wall time a lot.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRepoRoot } from './corpus.ts';
import { longBlock, manyProcedures } from './memoryInputs.ts';
import { FORMATS, type Format } from '../../server/src/cli/model.ts';

const cli = pathToFileURL(join(findRepoRoot(), 'dist/cli.mjs')).href;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

interface Run { wallMs: number; cpuMs: number; peakRssMb: number }

function check(file: string, format: Format, scratch: string): Run {
  const child = `
    const { main } = await import(${JSON.stringify(cli)});
    process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\n' + JSON.stringify({ cpu: (u.userCPUTime + u.systemCPUTime) / 1000, rss: u.maxRSS / 1024 }) + '\\n'); });
    process.exitCode = await main(process.argv.slice(1));`;
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, 'check', '-q', '--fail-on', 'never', '--format', format, '--output', join(scratch, `report.${format}`), file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`check ${file} exited with ${r.status ?? r.signal}: ${r.stderr.slice(-2000)}`);
  const usage = JSON.parse(r.stderr.trim().split('\n').pop()!) as { cpu: number; rss: number };
  return { wallMs, cpuMs: usage.cpu, peakRssMb: usage.rss };
}

const scratch = mkdtempSync(join(tmpdir(), 'plsql-perf-bench-memory-'));
try {
  const inputs = [
    // every format: the reports are written in chunks, so none should cost more than another
    { name: '20 MB of procedures', file: join(scratch, 'procedures.sql'), text: manyProcedures(), targetMb: 700, formats: FORMATS },
    { name: 'one block of 300,000 statements', file: join(scratch, 'block.sql'), text: longBlock(), targetMb: 400, formats: ['text', 'json'] as const },
  ];
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Math.max(1, Number(process.argv[at + 1]) || 1) : 1;
  console.log(`\n## memory: peak RSS of one check process per file (load ${load()})`);
  console.log('| input | size | report | peak RSS | target | wall | CPU |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
  for (const input of inputs) {
    writeFileSync(input.file, input.text);
    for (let round = 0; round < runs; round++) for (const format of input.formats) {
      const run = check(input.file, format, scratch);
      const verdict = run.peakRssMb <= input.targetMb ? 'met' : 'NOT met';
      console.log(`| ${input.name} | ${(input.text.length / 1048576).toFixed(1)} MB | ${format} | ${run.peakRssMb.toFixed(0)} MB | ≤ ${input.targetMb} MB (${verdict}) | ${(run.wallMs / 1000).toFixed(1)} s | ${(run.cpuMs / 1000).toFixed(1)} s |`);
    }
  }
  console.log(`(load after the runs ${load()})`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
