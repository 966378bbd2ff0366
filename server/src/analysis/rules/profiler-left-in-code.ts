/**
 * A PL/SQL profiler or tracer started from application code: DBMS_PROFILER.START_PROFILER,
 * DBMS_HPROF.START_PROFILING, DBMS_TRACE.SET_PLSQL_TRACE, DBMS_PLSQL_CODE_COVERAGE.START_COVERAGE. Each records
 * every line or call it sees into tables or trace files while it runs; useful in a tuning session, a cost when
 * left in shipped code.
 */
import { docPathOf, type Rule } from './rule.ts';

const id = 'profiler-left-in-code';

const STARTS: Record<string, string> = {
  'DBMS_PROFILER.START_PROFILER': 'the line profiler (DBMS_PROFILER)',
  'DBMS_HPROF.START_PROFILING': 'the hierarchical profiler (DBMS_HPROF)',
  'DBMS_TRACE.SET_PLSQL_TRACE': 'PL/SQL tracing (DBMS_TRACE)',
  'DBMS_PLSQL_CODE_COVERAGE.START_COVERAGE': 'code coverage (DBMS_PLSQL_CODE_COVERAGE)',
};

/** A subprogram or unit whose job is to run the profiler (a test or coverage tool's wrapper). */
const PROFILING_TOOL = /PROFIL|COVERAGE|TRACE|HPROF/;

export const profilerLeftInCode: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A PL/SQL profiler or tracer (DBMS_PROFILER, DBMS_HPROF, DBMS_TRACE, code coverage) started from application code.',
    remedy: 'Remove the call from shipped code, or start it only behind a debug switch in a tuning session.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      call({ call, position }) {
        const callee = call.name.replace(/^SYS\./, '');
        const what = STARTS[callee];
        if (!what) return;
        const owner = `${position.unit.name} ${position.subprogram?.name ?? ''}`;
        if (PROFILING_TOOL.test(owner)) return;
        context.report(call.nameRange,
          `${callee} starts ${what}: every line or call that runs afterwards is recorded until it is stopped. Remove it from shipped code or start it only behind a debug switch.`);
      },
    };
  },
};
