/**
 * Gives each rule finding the role of the code it is in (test, demo, deployment, application) and applies
 * that role's severity: test and demo code at most info by default, loops over the data dictionary or over rows
 * the script seeds itself in a deployment script info, anything `.plsqlperf.json` sets per role. The role shows in the message and as the
 * finding's `role` field (absent for application code).
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { severityRank, type Finding, type Severity } from '../../syntax/finding.ts';
import type { UnitNode } from '../../syntax/model/nodes.ts';
import type { ScriptSegment } from '../../parser/script/segmentScript.ts';
import { ruleMeta } from '../rules/registry.ts';
import { CODE_ROLES, DEFAULT_ROLE_SEVERITY, ROLE_LABEL, rolesOfScript, type CodeRole, type RolesConfig } from './codeRoles.ts';

export type { RolesConfig } from './codeRoles.ts';

/** What roles ask of one unit of a script: where it is, its kind and its segment (models may be gone by then). */
export interface RoleUnit {
  line: number;
  endLine: number;
  unitKind: UnitNode['unitKind'];
  segment: ScriptSegment;
}

interface RoleInput {
  text: string;
  segments: readonly ScriptSegment[];
  /** The units of the script's first views, in script order. */
  units: readonly RoleUnit[];
  lineCount: number;
  file: string | undefined;
  config: { roles?: RolesConfig; baseDir?: string } | undefined;
  overDictionary: WeakSet<Finding>;
  overSeedRows: WeakSet<Finding>;
  countGivenAtRun?: WeakSet<Finding>;
}

const matchers = new WeakMap<RolesConfig, { role: CodeRole; match: (path: string) => boolean }[]>();

/** The role the configuration's path globs give a file, if any. */
function roleFromPaths(file: string | undefined, roles: RolesConfig | undefined, baseDir: string | undefined): CodeRole | undefined {
  if (!file || !roles) return undefined;
  let compiled = matchers.get(roles);
  if (!compiled) {
    compiled = CODE_ROLES.filter((role) => roles[role]?.paths?.length).map((role) => ({ role, match: picomatch(roles[role]!.paths!, { dot: true }) }));
    matchers.set(roles, compiled);
  }
  if (compiled.length === 0) return undefined;
  const path = file.startsWith('file:') ? fileURLToPath(file) : file;
  const absolute = isAbsolute(path) ? path : resolve(path);
  const rel = (baseDir ? relative(baseDir, absolute) : path).split(sep).join('/');
  return compiled.find((m) => m.match(rel))?.role;
}

const DDL_WORD = String.raw`'\s*(?:CREATE|DROP|ALTER(?!\s+(?:SESSION|SYSTEM)\b)|GRANT|REVOKE|TRUNCATE)\s`;
const RUNS_SQL = /\b(?:EXECUTE\s+IMMEDIATE|DBMS_SQL\s*\.\s*PARSE)\b/gi;
const EXECUTE_IMMEDIATE = /\bEXECUTE\s+IMMEDIATE\b/gi;
const DDL_LITERAL = new RegExp(DDL_WORD, 'gi');

/** Where the first match of a pattern at or after `from` ends (-1: none). */
function endOfFirst(pattern: RegExp, code: string, from: number): number {
  pattern.lastIndex = from;
  const match = pattern.exec(code);
  return match ? match.index + match[0].length : -1;
}

/**
 * Whether the code runs DDL it builds: EXECUTE IMMEDIATE (or DBMS_SQL.PARSE) with a DDL literal after it, or a
 * DDL literal with EXECUTE IMMEDIATE after it. The first of each is enough to look from: one regular expression
 * with a lazy gap between the two tried every EXECUTE IMMEDIATE against the rest of the unit, and a block of
 * thousands of them took minutes.
 */
export function runsDynamicDdl(code: string): boolean {
  const afterRun = endOfFirst(RUNS_SQL, code, 0);
  if (afterRun >= 0 && endOfFirst(DDL_LITERAL, code, afterRun) >= 0) return true;
  const afterDdl = endOfFirst(DDL_LITERAL, code, 0);
  return afterDdl >= 0 && endOfFirst(EXECUTE_IMMEDIATE, code, afterDdl) >= 0;
}

function lowered(severity: Severity, cap: Severity): Severity {
  return severityRank[severity] > severityRank[cap] ? cap : severity;
}

export function applyRoles(findings: Finding[], input: RoleInput): Finding[] {
  if (findings.length === 0) return findings;
  const { text, units, config } = input;
  const unitAt = firstUnitByLine(units, input.lineCount);
  // asked once per finding: answered once per unit
  const dynamicDdl = new Map<RoleUnit, boolean>();
  const roles = rolesOfScript<RoleUnit>(text, input.segments, (unit) => {
    let known = dynamicDdl.get(unit);
    if (known === undefined) dynamicDdl.set(unit, known = runsDynamicDdl(text.slice(unit.segment.start, unit.segment.end)));
    return known;
  });
  const forced = roleFromPaths(input.file, config?.roles, config?.baseDir);
  const out: Finding[] = [];
  for (const finding of findings) {
    const unit = unitAt(finding.line);
    const role: CodeRole = forced ?? (unit ? roles.unit(unit) : roles.file ?? 'application');
    const configured = config?.roles?.[role]?.severity;
    const cap = configured ?? DEFAULT_ROLE_SEVERITY[role];
    if (cap === 'off') continue;
    let severity = cap ? lowered(finding.severity, cap) : finding.severity;
    let note = role === 'application' ? '' : ` (in ${ROLE_LABEL[role]})`;
    if (role === 'deployment' && configured === undefined && severity !== 'info' && input.countGivenAtRun?.has(finding)) {
      // an anonymous block of a script repeating as often as a substitution variable says: a measurement run by hand
      // (a stored unit's `&n` is fixed when it is installed, so application code keeps its severity)
      severity = 'info';
      note = ' (in a script run by hand, in a loop repeated as often as a substitution variable says: a measurement or sampling run)';
    } else if (role === 'deployment' && configured === undefined && severity !== 'info') {
      if (input.overDictionary.has(finding)) {
        severity = 'info';
        note = ' (in a deployment script, reading the data dictionary: install-time work)';
      } else if (input.overSeedRows.has(finding)) {
        severity = 'info';
        note = ' (in a deployment script, in a loop over rows the script seeds itself: install-time work)';
      } else if (ruleMeta(finding.rule)?.scriptSeverity) {
        severity = lowered(severity, ruleMeta(finding.rule)!.scriptSeverity!);
        note = ' (in a script run by hand or at install: it affects only that session)';
      }
    }
    const placed: Finding = { ...finding, severity, message: finding.message + note };
    if (role !== 'application') placed.role = role;
    out.push(placed);
  }
  return out;
}

/**
 * The first unit (in script order) whose lines hold a line, as a table: a file of 16,000 procedures with 80,000
 * findings searched the unit list once per finding.
 */
function firstUnitByLine(units: readonly RoleUnit[], lineCount: number): (line: number) => RoleUnit | undefined {
  let table: Int32Array | undefined;
  return (line) => {
    if (!table) {
      const last = units.reduce((max, u) => Math.max(max, u.endLine), lineCount);
      table = new Int32Array(last + 2).fill(-1);
      units.forEach((unit, index) => {
        for (let l = Math.max(0, unit.line); l <= unit.endLine; l++) if (table![l] === -1) table![l] = index;
      });
    }
    const index = line >= 0 && line < table.length ? table[line]! : -1;
    return index === -1 ? undefined : units[index];
  };
}
