/**
 * `plsql-perf profile import TRACE... --out PROFILE [--source FILE] [--lines S-E] [--iterations N] [--format F]`:
 * reads the traces (and the PL/SQL with the hints of its directory's workspace), writes a .plsqlprofile.json
 * validated like every saved profile. Exit codes: 0 written, 2 usage error, unreadable or unknown trace,
 * unwritable output.
 */
import { readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createProjectAnalyzer } from '../../analysis/analyzeProject.ts';
import { decodeSource } from '../../parser/decodeSource.ts';
import { hypothesesIn } from '../../profile/hypotheses.ts';
import { importTraces, type SourceInput } from '../../profile/import/importTrace.ts';
import { TraceImportError } from '../../profile/import/traceEvidence.ts';
import { loadProfile } from '../../profile/loadProfile.ts';
import { isPlsqlFile, slashes } from '../discover.ts';
import { IMPORT_USAGE, parseImportArgs, type ImportArgs } from './importArgs.ts';

export interface ImportIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
}

class ImportError extends Error {}

function read(file: string, cwd: string, what: string): string {
  try {
    return decodeSource(readFileSync(resolve(cwd, file))).text;
  } catch (error) {
    throw new ImportError(`cannot read ${what} ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The hints of the source lines, analysed with the workspace index of the file's directory: a call to a
 * standalone function defined next to it (proc_by2.prc calls BY2 of by2.fnc) is known, as in the editor.
 */
function sourceInput(options: ImportArgs, cwd: string): SourceInput | undefined {
  if (options.source === undefined) return undefined;
  const text = read(options.source, cwd, 'source');
  const display = slashes(relative(cwd, resolve(cwd, options.source)) || options.source);
  const analyzer = createProjectAnalyzer();
  const dir = dirname(resolve(cwd, options.source));
  let neighbours: string[] = [];
  try {
    neighbours = readdirSync(dir).filter(isPlsqlFile).map((name) => join(dir, name)).filter((p) => p !== resolve(cwd, options.source!));
  } catch {
    // An unreadable directory only loses the cross-file hints; the file itself is analysed below.
  }
  for (const path of neighbours) {
    try {
      analyzer.index(slashes(relative(cwd, path)), decodeSource(readFileSync(path)).text);
    } catch {
      // A neighbour that cannot be read or parsed gives no index entries; the import goes on.
    }
  }
  analyzer.index(display, text);
  const result = analyzer.analyze(display, text);
  const lineCount = text.split(/\r\n|\r|\n/).length;
  const findings = hypothesesIn(result.findings, text, { startLine: options.lines?.start ?? 1, endLine: options.lines?.end ?? lineCount });
  return { file: display, text, findings, ...(options.lines ? { lines: options.lines } : {}) };
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

export function runProfileImport(argv: readonly string[], io: ImportIo, toolVersion: string): number {
  const parsed = parseImportArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(IMPORT_USAGE);
    return 0;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`plsql-perf profile import: ${parsed.message}\n${IMPORT_USAGE}`);
    return 2;
  }
  const options = parsed.options;
  const out = resolve(io.cwd, options.out);
  try {
    for (const input of [...options.traces, ...(options.source ? [options.source] : [])]) {
      if (sameFile(resolve(io.cwd, input), out)) throw new ImportError(`--out ${options.out} is one of the inputs: it would be overwritten`);
    }
    const traces = options.traces.map((file) => ({ file, text: read(file, io.cwd, 'trace') }));
    const source = sourceInput(options, io.cwd);
    const doc = importTraces({
      traces, toolVersion,
      ...(source ? { source } : {}),
      ...(options.iterations !== undefined ? { iterations: options.iterations } : {}),
      ...(options.format ? { format: options.format } : {}),
      ...(options.stacks ? { stacks: options.stacks } : {}),
    });
    const checked = loadProfile(JSON.parse(JSON.stringify(doc)));
    if (!checked.ok) throw new ImportError(`internal error: the imported profile does not validate:\n  ${checked.errors.join('\n  ')}`);
    const temp = `${out}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(doc, null, 2)}\n`);
      renameSync(temp, out);
    } catch (error) {
      throw new ImportError(`cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const confirmed = doc.cards.filter((c) => c.verdict === 'confirmed').length;
    const unread = doc.provenance!.traces.reduce((s, t) => s + t.unreadCount, 0);
    io.stderr(
      `plsql-perf profile import: ${doc.provenance!.traces.map((t) => `${t.file}: ${t.tool} ${t.format}`).join('; ')}\n` +
        `plsql-perf profile import: ${doc.cards.length} card${doc.cards.length === 1 ? '' : 's'} (${confirmed} confirmed)` +
        `${unread ? `, ${unread} line${unread === 1 ? '' : 's'} not read (listed in the profile)` : ''}; written to ${options.out}\n`,
    );
    for (const card of doc.cards) io.stdout(`${card.verdict.toUpperCase()} ${card.hypothesis.rule ?? card.id}${card.hypothesis.line ? ` line ${card.hypothesis.line}` : ''}: ${card.reason}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportError) && !(error instanceof TraceImportError)) throw error;
    io.stderr(`plsql-perf profile import: ${error.message}\n`);
    return 2;
  }
}
