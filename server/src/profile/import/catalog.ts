// The probe's pattern catalog (probe/internal/catalog/catalog.go), for imported function counts: the same
// function names map to the same pattern ids, so imported and recorded profiles read alike.
import type { PatternId, PatternSummary } from '../contract/probeProfile.ts';

const PATTERNS: readonly { id: PatternId; title: string; rule?: string; functions: readonly string[] }[] = [
  { id: 'library-cache-pins', title: 'Library-cache pins', rule: 'standalone-call-in-loop', functions: ['kgiPinObject', 'kglpnp', 'kglPinSetContext'] },
  { id: 'plsql-calls', title: 'PL/SQL calls', functions: ['pfrinstr_XCAL', 'pevm_ENTER', 'pevm_CHK_INST'] },
  { id: 'errors-and-messages', title: 'Errors and messages', rule: 'exception-handler-in-loop', functions: ['kgebse', 'kgeselv', 'kgespf', 'lmsagbf', 'lmsapsc', 'slmsrd'] },
  { id: 'in-band-break-checks', title: 'In-band break checks', functions: ['snttmoredata', 'nsmore2recv', 'sntpoltsts'] },
  { id: 'rowsource-statistics', title: 'Rowsource statistics', rule: 'plan-statistics-in-code', functions: ['qerstSnapStats', 'qerstUpdateStats'] },
  { id: 'utl-file', title: 'UTL_FILE', rule: 'utl-file-small-buffer', functions: ['pifipr', 'slfiwrb', 'slfifl'] },
];

export function patternOf(name: string): PatternId | undefined {
  return PATTERNS.find((p) => p.functions.includes(name))?.id;
}

export function patternSummaries(functions: readonly { name: string; calls: number; pattern?: PatternId }[]): PatternSummary[] {
  const out: PatternSummary[] = [];
  for (const p of PATTERNS) {
    const fns = functions.filter((f) => f.pattern === p.id);
    if (!fns.length) continue;
    const s: PatternSummary = { id: p.id, title: p.title, calls: fns.reduce((sum, f) => sum + f.calls, 0), functions: fns.map((f) => f.name) };
    if (p.rule) s.rule = p.rule;
    out.push(s);
  }
  return out;
}
