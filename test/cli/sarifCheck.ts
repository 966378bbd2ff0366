/**
 * Validates a SARIF log against the official SARIF 2.1.0 JSON schema (sarif-2.1.0-rtm.5.json, as shipped in the
 * @microsoft/jest-sarif package, a devDependency), plus constraints the specification states in prose.
 *
 * The schema is written in JSON Schema draft-04; ajv 8 reads it once `id` is spelled `$id` and the draft-07
 * meta-schema is named (the schema uses no keyword whose meaning changed between the drafts: no boolean
 * exclusiveMinimum/Maximum). Its three formats are checked here with the RFC grammars' essentials.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';

const require = createRequire(import.meta.url);
export const SARIF_SCHEMA_PATH = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

function loadOfficialSchema(): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(SARIF_SCHEMA_PATH, 'utf8')) as Record<string, unknown>;
  if (schema.$schema !== 'http://json-schema.org/draft-04/schema#' || !String(schema.title).includes('2.1.0')) {
    throw new Error(`unexpected SARIF schema at ${SARIF_SCHEMA_PATH}: ${String(schema.title)}`);
  }
  const { id, $schema: _draft04, ...rest } = schema;
  return { $schema: 'http://json-schema.org/draft-07/schema#', $id: id, ...rest };
}

// unicodeRegExp off: the schema's `language` pattern has a stray `]` that only non-unicode regular expressions accept.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, unicodeRegExp: false });
// RFC 3986: an absolute URI has a scheme; a URI reference has no blanks, controls or unescaped non-ASCII,
// and every % starts a two-digit escape.
const uriChars = /^([A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
ajv.addFormat('uri', (s: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) && uriChars.test(s));
ajv.addFormat('uri-reference', (s: string) => uriChars.test(s));
ajv.addFormat('date-time', (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s));
const validate = ajv.compile(loadOfficialSchema());

/** Returns the problems found (empty when the log passes). */
export function checkSarif(log: unknown): string[] {
  const problems: string[] = [];
  if (!validate(log)) {
    for (const e of validate.errors ?? []) problems.push(`${e.instancePath || '/'} ${e.message ?? ''}`.trim());
    return problems;
  }
  // Constraints the specification states in prose.
  const runs = (log as { runs: any[] }).runs;
  runs.forEach((run, r) => {
    const rules: { id: string }[] = run.tool.driver.rules ?? [];
    (run.results ?? []).forEach((result: any, i: number) => {
      if (result.ruleIndex !== undefined && rules[result.ruleIndex]?.id !== result.ruleId) {
        problems.push(`/runs/${r}/results/${i} ruleIndex ${result.ruleIndex} does not name rule ${result.ruleId}`);
      }
      for (const loc of result.locations ?? []) {
        const region = loc.physicalLocation?.region;
        if (!region) continue;
        const endLine = region.endLine ?? region.startLine;
        if (endLine < region.startLine) problems.push(`/runs/${r}/results/${i} region ends before it starts`);
        if (endLine === region.startLine && region.endColumn !== undefined && region.startColumn !== undefined &&
            region.endColumn < region.startColumn) {
          problems.push(`/runs/${r}/results/${i} region endColumn before startColumn`);
        }
      }
    });
  });
  return problems;
}
