// Reads a saved .plsqlprofile.json: parses, checks the schema version, validates against
// plsqlprofile-v1.schema.json (the embedded probe profile against the probe's own schema) and checks the
// cross-references JSON Schema cannot express. Every problem comes back as one readable line; nothing throws.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import documentSchema from './plsqlprofile-v1.schema.json' with { type: 'json' };
import probeSchema from '../../../probe/schema/profile-v1.schema.json' with { type: 'json' };
import { PROFILE_SCHEMA_VERSION, type ProfileDocument } from './profileDocument.ts';

export type LoadResult = { ok: true; document: ProfileDocument } | { ok: false; errors: string[] };

let compiled: ReturnType<Ajv2020['compile']> | undefined;

function validator(): ReturnType<Ajv2020['compile']> {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
    ajv.addSchema(probeSchema as object);
    compiled = ajv.compile(documentSchema as object);
  }
  return compiled;
}

/** Validates a profile given as JSON text or as an already parsed value. */
export function loadProfile(input: string | unknown): LoadResult {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      return { ok: false, errors: [`not JSON: ${(error as Error).message}`] };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: ['not a plsql-perf profile: the file must hold one JSON object'] };
  }
  const version = (value as { schemaVersion?: unknown }).schemaVersion;
  if (version === undefined) {
    const hint = (value as { version?: unknown }).version === 1 && 'collectors' in value
      ? ' (this looks like a raw plsql-probe profile; open the .plsqlprofile.json that "Profile this block" saved)'
      : '';
    return { ok: false, errors: [`not a plsql-perf profile: schemaVersion is missing${hint}`] };
  }
  if (typeof version === 'number' && version > PROFILE_SCHEMA_VERSION) {
    return { ok: false, errors: [`schemaVersion ${version} was written by a newer plsql-perf; this one reads version ${PROFILE_SCHEMA_VERSION}`] };
  }
  const validate = validator();
  if (!validate(value)) return { ok: false, errors: (validate.errors ?? []).map(describe) };
  const document = value as ProfileDocument;
  const errors = crossChecks(document);
  return errors.length ? { ok: false, errors } : { ok: true, document };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '(document)';
  if (error.keyword === 'additionalProperties') {
    return `${where}: unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  }
  if (error.keyword === 'enum') {
    return `${where}: ${error.message}: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${where}: ${error.message ?? error.keyword}`;
}

function crossChecks(doc: ProfileDocument): string[] {
  const errors: string[] = [];
  const roles = new Set(doc.runs.map((r) => r.role));
  if (roles.size !== doc.runs.length) errors.push('/runs: two runs have the same role');
  for (const [what, role] of Object.entries(doc.measuredBy)) {
    if (role !== undefined && !roles.has(role)) errors.push(`/measuredBy/${what}: names run "${role}", which is not in /runs`);
  }
  if (doc.source.endLine < doc.source.startLine) errors.push('/source: endLine is before startLine');
  for (const [i, card] of doc.cards.entries()) {
    for (const [j, m] of card.measurements.entries()) {
      if (!roles.has(m.run)) errors.push(`/cards/${i}/measurements/${j}/run: names run "${m.run}", which is not in /runs`);
    }
  }
  return errors;
}
