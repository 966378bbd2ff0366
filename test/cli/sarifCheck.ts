/**
 * A minimal, strict structural check of a SARIF 2.1.0 log: the required properties, enumerations, minimums and
 * `additionalProperties: false` of the official sarif-schema-2.1.0.json, for the objects plsql-perf emits (each
 * object lists a subset of the properties the official schema allows). No network: the schema is written here.
 */
import { Ajv } from 'ajv';

const str = { type: 'string' };
const level = { enum: ['none', 'note', 'warning', 'error'] };
const positive = { type: 'integer', minimum: 1 };
const propertyBag = { type: 'object' };

const schema = {
  $id: 'sarif-2.1.0-subset',
  type: 'object',
  required: ['version', 'runs'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', pattern: '^https?://' },
    version: { const: '2.1.0' },
    runs: { type: 'array', items: { $ref: '#/definitions/run' } },
    properties: propertyBag,
  },
  definitions: {
    message: {
      type: 'object',
      additionalProperties: false,
      anyOf: [{ required: ['text'] }, { required: ['id'] }],
      properties: { text: str, markdown: str, id: str, arguments: { type: 'array', items: str }, properties: propertyBag },
    },
    multiformatMessageString: {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: { text: str, markdown: str, properties: propertyBag },
    },
    run: {
      type: 'object',
      required: ['tool'],
      additionalProperties: false,
      properties: {
        tool: { $ref: '#/definitions/tool' },
        invocations: { type: 'array', items: { $ref: '#/definitions/invocation' } },
        results: { type: 'array', items: { $ref: '#/definitions/result' } },
        originalUriBaseIds: { type: 'object' },
        columnKind: { enum: ['utf16CodeUnits', 'unicodeCodePoints'] },
        properties: propertyBag,
      },
    },
    tool: {
      type: 'object',
      required: ['driver'],
      additionalProperties: false,
      properties: { driver: { $ref: '#/definitions/toolComponent' }, properties: propertyBag },
    },
    toolComponent: {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: {
        name: str,
        fullName: str,
        version: str,
        semanticVersion: str,
        informationUri: { type: 'string' },
        rules: { type: 'array', items: { $ref: '#/definitions/reportingDescriptor' } },
        properties: propertyBag,
      },
    },
    reportingDescriptor: {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      properties: {
        id: str,
        name: str,
        shortDescription: { $ref: '#/definitions/multiformatMessageString' },
        fullDescription: { $ref: '#/definitions/multiformatMessageString' },
        help: { $ref: '#/definitions/multiformatMessageString' },
        helpUri: str,
        defaultConfiguration: {
          type: 'object',
          additionalProperties: false,
          properties: { enabled: { type: 'boolean' }, level, rank: { type: 'number' }, properties: propertyBag },
        },
        properties: propertyBag,
      },
    },
    invocation: {
      type: 'object',
      required: ['executionSuccessful'],
      additionalProperties: false,
      properties: {
        executionSuccessful: { type: 'boolean' },
        exitCode: { type: 'integer' },
        toolExecutionNotifications: { type: 'array', items: { $ref: '#/definitions/notification' } },
        properties: propertyBag,
      },
    },
    notification: {
      type: 'object',
      required: ['message'],
      additionalProperties: false,
      properties: {
        message: { $ref: '#/definitions/message' },
        level,
        locations: { type: 'array', items: { $ref: '#/definitions/location' } },
        properties: propertyBag,
      },
    },
    result: {
      type: 'object',
      required: ['message'],
      additionalProperties: false,
      properties: {
        ruleId: str,
        ruleIndex: { type: 'integer', minimum: -1 },
        level,
        kind: { enum: ['notApplicable', 'pass', 'fail', 'review', 'open', 'informational'] },
        message: { $ref: '#/definitions/message' },
        locations: { type: 'array', items: { $ref: '#/definitions/location' } },
        properties: propertyBag,
      },
    },
    location: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: { type: 'integer', minimum: -1 },
        physicalLocation: { $ref: '#/definitions/physicalLocation' },
        message: { $ref: '#/definitions/message' },
        properties: propertyBag,
      },
    },
    physicalLocation: {
      type: 'object',
      additionalProperties: false,
      anyOf: [{ required: ['address'] }, { required: ['artifactLocation'] }],
      properties: {
        address: { type: 'object' },
        artifactLocation: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // uri-reference: no spaces or other characters that must be percent-encoded.
            uri: { type: 'string', pattern: "^[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=%]*$" },
            uriBaseId: str,
            index: { type: 'integer', minimum: -1 },
            properties: propertyBag,
          },
        },
        region: {
          type: 'object',
          additionalProperties: false,
          properties: {
            startLine: positive,
            startColumn: positive,
            endLine: positive,
            endColumn: positive,
            charOffset: { type: 'integer', minimum: -1 },
            charLength: { type: 'integer', minimum: 0 },
            properties: propertyBag,
          },
        },
        properties: propertyBag,
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
const validate = ajv.compile(schema);

/** Returns the problems found (empty when the log passes). */
export function checkSarif(log: unknown): string[] {
  const problems: string[] = [];
  if (!validate(log)) {
    for (const e of validate.errors ?? []) problems.push(`${e.instancePath || '/'} ${e.message ?? ''}`.trim());
    return problems;
  }
  // Constraints the schema states in prose.
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
