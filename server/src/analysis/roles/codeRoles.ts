/**
 * Where code runs decides whether its cost matters. Each file and unit gets a role, decided from the code:
 *
 * - test: utPLSQL annotations (`--%suite`, `--%test`) or assertion calls (ut.expect, utAssert, pete_assert);
 * - demo: a script that presents itself (SQL*Plus CLEAR SCREEN, PAUSE, TIMING START, SET AUTOTRACE): teaching
 *   and benchmark scripts run by hand (SET TIMING ON alone is not enough: install scripts time their steps);
 * - deployment: anonymous blocks and top-level statements of a script that also holds top-level DDL (CREATE
 *   TABLE, GRANT, DROP, ALTER ...), top-level INSERT/MERGE (seed data) or SQL*Plus commands (PROMPT, SET, SPOOL, @, EXEC), or that run dynamic DDL
 *   themselves, and Liquibase changelogs (`--liquibase formatted sql`, `--changeset a:b`): install, upgrade and
 *   seed scripts, and scripts run by hand;
 * - application: everything else, and every stored unit (package, procedure, function, type, trigger) of a
 *   file that is neither test nor demo code.
 *
 * Path globs in `.plsqlperf.json` (`roles.<role>.paths`) override the decision for whole files. Each role has
 * a highest severity (`roles.<role>.severity`; test and demo code default to info) and may be switched off.
 */
import type { Severity } from '../../syntax/finding.ts';
import type { UnitNode } from '../../syntax/model/nodes.ts';
import type { ScriptSegment } from '../../parser/script/segmentScript.ts';

export type CodeRole = 'application' | 'deployment' | 'test' | 'demo';

export const CODE_ROLES: readonly CodeRole[] = ['application', 'deployment', 'test', 'demo'];

export interface RoleSetting {
  /** Globs (relative to the configuration's directory) of files that have this role whatever their code says. */
  paths?: string[];
  /** The highest severity of findings in code of this role, or off to drop them. */
  severity?: Severity | 'off';
}

export type RolesConfig = Partial<Record<CodeRole, RoleSetting>>;

/** Test and demo code is not what runs in production: its findings are at most info unless configured. */
export const DEFAULT_ROLE_SEVERITY: Readonly<Record<CodeRole, Severity | 'off' | undefined>> = {
  application: undefined,
  deployment: undefined,
  test: 'info',
  demo: 'info',
};

/** How a role reads in a message. */
export const ROLE_LABEL: Readonly<Record<CodeRole, string>> = {
  application: 'application code',
  deployment: 'a deployment script',
  test: 'test code',
  demo: 'a demo script',
};

const TEST_MARKERS = /--\s*%\s*(?:suite|test|beforeall|beforeeach)\b|\b(?:ut3?\s*\.\s*(?:ut\s*\.\s*)?expect|utassert2?\s*\.\s*\w+|pete_assert\s*\.\s*\w+)\s*\(/i;

const STORED_UNITS = new Set<UnitNode['unitKind']>(['package', 'package-body', 'procedure', 'function', 'trigger', 'type', 'type-body']);

/** Whether a SQL*Plus command presents the script to an audience (a demo or a timed benchmark). */
function presentsItself(command: string, args: string): boolean {
  if (command === 'pause' || command === 'clear') return true;
  if (command === 'timing') return /^\s*start\b/i.test(args);
  // SET TIMING ON alone is no sign: install scripts time their steps too
  if (command === 'set') return /^\s*autot(?:race)?\s+(?:on|trace)/i.test(args);
  return false;
}

export interface ScriptRoles<U extends Pick<UnitNode, 'unitKind'>> {
  /** The role of the file as a whole when its code decides it (test, demo), else undefined. */
  file: CodeRole | undefined;
  /** The role of one unit of the script. */
  unit(unit: U): CodeRole;
}

/** The roles of a script's file and units, decided from its code (its segments and the text). */
export function rolesOfScript<U extends Pick<UnitNode, 'unitKind'>>(text: string, segments: readonly ScriptSegment[], runsDynamicDdl: (unit: U) => boolean): ScriptRoles<U> {
  let file: CodeRole | undefined;
  let topLevelDdl = false;
  let sqlplusCommands = false;
  for (const segment of segments) {
    if (segment.kind === 'sqlplus') {
      if (presentsItself(segment.command, text.slice(segment.argsStart, segment.end))) file = 'demo';
      // a lone '/' or '.' ends a unit in any file; other commands (PROMPT, SET, SPOOL, @, DEFINE, EXEC) make a script
      if (segment.command !== 'slash' && segment.command !== 'other-sqlplus') sqlplusCommands = true;
    } else if (segment.codeKind === 'sql' && /^(?:CREATE|DROP|ALTER|GRANT|REVOKE|TRUNCATE|COMMENT|RENAME|INSERT|MERGE)$/.test(segment.firstWords[0] ?? '')
      && !/^(?:SESSION|SYSTEM)$/.test(segment.firstWords[1] ?? '')) {
      // top-level DDL, or rows a script inserts (seed data); ALTER SESSION / ALTER SYSTEM create nothing
      topLevelDdl = true;
    }
  }
  // a Liquibase or Flyway changelog is a deployment script whatever it holds
  if (/^\s*--\s*(?:liquibase\s+formatted\s+sql|changeset\s+\S+:\S+)/im.test(text)) topLevelDdl = true;
  // test code wins over demo markers: a test suite run from a script that pauses is still a test
  if (TEST_MARKERS.test(text)) file = 'test';
  return {
    file,
    unit(unit) {
      if (file) return file;
      if (STORED_UNITS.has(unit.unitKind)) return 'application';
      return topLevelDdl || sqlplusCommands || runsDynamicDdl(unit) ? 'deployment' : 'application';
    },
  };
}
