/**
 * How often a statement inside loops runs: the one estimate type every rule message prints.
 *
 * A loop contributes a known count (FOR 1..1000000, WHILE i < 10000), a data-sized source (once per row of a
 * cursor, per element of a collection, per batch of a bulk fetch), or nothing known. Nesting multiplies.
 */
export type LoopSource =
  | { kind: 'count'; count: number }
  | { kind: 'rows'; of: string }
  | { kind: 'batches'; of: string; size?: number }
  | { kind: 'elements'; of: string }
  /** A cursor FOR loop whose query returns at most one row (a whole key fixed by equality): it runs at most once. */
  | { kind: 'single'; of: string }
  | { kind: 'unknown' };

export interface IterationEstimate {
  /** Product of the known counts of the enclosing loops (undefined when no loop has a known count). */
  count?: number;
  /** Data-sized sources, outermost first: "cursor C_ORDERS", "the query at line 12". */
  perRowOf: string[];
  perBatchOf: string[];
  perElementOf: string[];
  /** Loops with nothing known about their count. */
  unknownLoops: number;
  /** How many loops enclose the statement. */
  depth: number;
  /** The phrase messages print: "inside a loop of about 1,000,000 iterations", "once per row of cursor C". */
  text: string;
  /** A sleep or wait call that paces a loop around the statement (`DBMS_LOCK.SLEEP`): a polling loop. */
  pacedBy?: string;
  /** Set when a loop around the statement walks the data dictionary (USER_/ALL_/DBA_ views, V$): install-time work. */
  overDictionary?: boolean;
  /** Set when a loop around the statement reads only tables the script itself seeds with INSERT ... VALUES. */
  overSeedRows?: boolean;
  /**
   * Set when a loop around the statement repeats a number of times that a SQL*Plus substitution variable gives
   * (`FOR i IN 1 .. &&iterations`, or a variable initialised from `&2`): a script run by hand that measures or
   * samples by repeating, like a benchmark harness or a sampling tool.
   */
  countGivenAtRun?: boolean;
}

export type Heat = 'cold' | 'warm' | 'hot';

/**
 * Made on first use, and only for what the digits below do not write: building an ICU number format loads the
 * locale's data, 20-40 ms of a cold check (the first loop message of every run paid it).
 */
let numberFormat: Intl.NumberFormat | undefined;

/** An iteration count as `en-US` writes it: `1,000`, `2,500,000`. */
export function formatCount(n: number): string {
  const rounded = Math.round(n);
  // A safe integer's digits with a comma every three from the right: what en-US gives, without ICU.
  if (Number.isSafeInteger(rounded) && !Object.is(rounded, -0)) return String(rounded).replace(/\B(?=(\d{3})+$)/g, ',');
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(rounded);
}

/** Combines the sources of the enclosing loops, outermost first. */
export function estimateOf(sources: readonly LoopSource[]): IterationEstimate {
  const estimate: IterationEstimate = { perRowOf: [], perBatchOf: [], perElementOf: [], unknownLoops: 0, depth: sources.length, text: '' };
  for (const source of sources) {
    switch (source.kind) {
      case 'count':
        estimate.count = (estimate.count ?? 1) * source.count;
        break;
      case 'rows':
        estimate.perRowOf.push(source.of);
        break;
      case 'batches':
        estimate.perBatchOf.push(source.of);
        break;
      case 'elements':
        estimate.perElementOf.push(source.of);
        break;
      case 'unknown':
        estimate.unknownLoops++;
        break;
      case 'single':
        break;
    }
  }
  estimate.text = describe(estimate);
  return estimate;
}

function describe(e: IterationEstimate): string {
  const per: string[] = [
    ...e.perRowOf.map((of) => `row of ${of}`),
    ...e.perBatchOf.map((of) => `batch fetched from ${of}`),
    ...e.perElementOf.map((of) => `element of ${of}`),
  ];
  const nested = e.depth > 1 ? ` (${e.depth} nested loops)` : '';
  if (per.length > 0) {
    const times = e.count !== undefined && e.count !== 1 ? `about ${formatCount(e.count)} times` : 'once';
    const extra = e.unknownLoops > 0 ? ', inside another loop' : '';
    return `${times} per ${per.join(' per ')}${extra}`;
  }
  if (e.count !== undefined) {
    const iterations = `about ${formatCount(e.count)} ${e.count === 1 ? 'iteration' : 'iterations'}`;
    if (e.unknownLoops > 0) return `inside loops of at least ${iterations}${nested}`;
    return e.depth > 1 ? `inside nested loops of ${iterations} in all${nested}` : `inside a loop of ${iterations}`;
  }
  return e.depth > 1 ? `inside ${e.depth} nested loops` : 'inside a loop';
}

/**
 * Cold: a known small count (under 100 in all), or a loop paced by a sleep or wait (a polling loop). Hot: a known count of 100,000 or more, or a data-sized loop
 * inside another loop (rows times rows). Everything else is warm: the rule's default severity.
 */
export function heatOf(e: IterationEstimate): Heat {
  // a polling loop waits each time round: the wait, not the work, sets its pace
  if (e.pacedBy) return 'cold';
  const dataSized = e.perRowOf.length + e.perElementOf.length + e.perBatchOf.length;
  if (e.count !== undefined && e.count >= 100_000) return 'hot';
  if (dataSized + e.unknownLoops >= 2 && e.perRowOf.length > 0) return 'hot';
  if (e.count !== undefined && e.count < 100 && dataSized === 0 && e.unknownLoops === 0) return 'cold';
  return 'warm';
}
