/**
 * SARIF 2.1.0: one run, tool.driver `plsql-perf` with its rules (summary, default level, help), one result per
 * finding with its region and code snippet, related locations and fixes when the analyzer gives them. Columns
 * are UTF-16 code units, 1-based, end exclusive, as in every plsql-perf output.
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Severity, SourceRange } from '../../syntax/finding.ts';
import type { CheckReport, FileFinding } from '../model.ts';
import { KNOWN_RULE_IDS, ruleInfo } from '../ruleInfo.ts';
import { toJsonText } from './escape.ts';
import { jsonChunks, StreamedList } from './jsonChunks.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const level: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * The URI of a reported path: a relative reference for a relative path (spaces, `%`, `#`, `?` escaped), so viewers
 * resolve it against the repository; a `file:` URI for an absolute one.
 */
export function pathToUri(path: string): string {
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return path.split('/').map(encodeURIComponent).join('/');
}

export interface SarifOptions {
  version: string;
  /** Absolute base for rule pages (`<base>docs/rules/<id>.md`), e.g. the repository's web address. */
  docsBaseUrl?: string;
}

const region = (r: SourceRange) => ({ startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn });

function ruleDescriptor(id: string, docsBaseUrl: string | undefined) {
  const info = ruleInfo(id);
  const descriptor: Record<string, unknown> = {
    id,
    name: id.replace(/(^|-)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase()),
    shortDescription: { text: info.summary },
    defaultConfiguration: { level: level[info.defaultSeverity] },
    fullDescription: { text: `${info.summary} ${info.remedy}` },
    help: { text: `${info.remedy} See ${info.docPath}.`, markdown: `${info.remedy} See [${info.docPath}](${info.docPath}).` },
    properties: { tags: id === 'syntax-error' || id === 'internal-error' ? ['correctness'] : ['performance'], status: info.status },
  };
  if (docsBaseUrl !== undefined) descriptor.helpUri = new URL(info.docPath, docsBaseUrl).href;
  return descriptor;
}

function result(f: FileFinding, ruleIndex: number) {
  const physical: Record<string, unknown> = { artifactLocation: { uri: pathToUri(f.file) }, region: region(f) };
  if (f.code !== undefined) (physical.region as Record<string, unknown>).snippet = { text: f.code };
  const out: Record<string, unknown> = {
    ruleId: f.rule,
    ruleIndex,
    level: level[f.severity],
    message: { text: f.message },
    locations: [{ physicalLocation: physical }],
  };
  if (f.related && f.related.length > 0) {
    out.relatedLocations = f.related.map((r, i) => ({
      id: i + 1,
      physicalLocation: { artifactLocation: { uri: pathToUri(r.file ?? f.file) }, region: region(r.range) },
      message: { text: r.message },
    }));
  }
  if (f.fix) {
    out.fixes = [{
      description: { text: f.fix.title },
      artifactChanges: [{
        artifactLocation: { uri: pathToUri(f.file) },
        replacements: f.fix.edits.map((e) => ({ deletedRegion: region(e.range), insertedContent: { text: e.newText } })),
      }],
    }];
  }
  if (f.loop || f.role) out.properties = { ...(f.loop ? { loop: f.loop } : {}), ...(f.role ? { role: f.role } : {}) };
  return out;
}

/** The SARIF log; its results a StreamedList (each result made as it is written). */
function sarifLog(report: CheckReport, options: SarifOptions | string) {
  const { version, docsBaseUrl } = typeof options === 'string' ? { version: options, docsBaseUrl: undefined } : options;
  const ruleIds = [...new Set([...KNOWN_RULE_IDS, ...report.findings.map((f) => f.rule)])].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const findings = report.findings;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'plsql-perf',
            version,
            rules: ruleIds.map((id) => ruleDescriptor(id, docsBaseUrl)),
          },
        },
        invocations: [
          {
            executionSuccessful: report.errors.length === 0,
            toolExecutionNotifications: report.errors.map((e) => ({
              level: 'error',
              message: { text: `${e.file}: ${e.message}` },
              locations: [{ physicalLocation: { artifactLocation: { uri: pathToUri(e.file) } } }],
            })),
          },
        ],
        columnKind: 'utf16CodeUnits',
        results: new StreamedList(findings.length, function* () {
          for (const f of findings) yield result(f, ruleIndex.get(f.rule)!);
        }),
      },
    ],
  };
}

export function renderSarif(report: CheckReport, options: SarifOptions | string): string {
  return toJsonText(sarifLog(report, options));
}

export function sarifChunks(report: CheckReport, options: SarifOptions | string): Iterable<string> {
  return jsonChunks(sarifLog(report, options));
}
