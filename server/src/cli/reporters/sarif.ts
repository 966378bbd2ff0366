/** SARIF 2.1.0: one run, tool.driver `plsql-perf` with its rules, one result per finding. */
import type { Severity } from '../../syntax/finding.ts';
import type { CheckReport } from '../model.ts';
import { KNOWN_RULE_IDS, ruleInfo } from '../ruleInfo.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const level: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** A relative URI reference for a forward-slash path (spaces, `%`, `#`, `?` escaped). */
export function pathToUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function renderSarif(report: CheckReport, version: string): string {
  const ruleIds = [...new Set([...KNOWN_RULE_IDS, ...report.findings.map((f) => f.rule)])].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'plsql-perf',
            version,
            rules: ruleIds.map((id) => {
              const info = ruleInfo(id);
              return {
                id,
                shortDescription: { text: info.shortDescription },
                defaultConfiguration: { level: level[info.defaultSeverity] },
              };
            }),
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
        results: report.findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: ruleIndex.get(f.rule)!,
          level: level[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: pathToUri(f.file) },
                region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
