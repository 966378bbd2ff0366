// One reader per output format (see ../traceEvidence.ts for what they fill in).
import type { TraceEvidence, TraceFormat } from '../traceEvidence.ts';
import { readAggregation } from './aggregation.ts';
import { readAutotrace } from './autotrace.ts';
import { readPerfReport } from './perfReport.ts';
import { readPerfScript } from './perfScript.ts';
import { readPstack } from './pstack.ts';
import { readSizeAggregation } from './sizeAggregation.ts';
import { readSyscallLog } from './syscallLog.ts';
import { readSyscallSummary } from './syscallSummary.ts';
import { readUstack } from './ustack.ts';

export const READERS: Record<TraceFormat, (text: string) => TraceEvidence> = {
  'dtrace-aggregation': readAggregation,
  'ustack-aggregation': readUstack,
  'size-aggregation': readSizeAggregation,
  'truss-summary': readSyscallSummary,
  'strace-summary': readSyscallSummary,
  'syscall-log': readSyscallLog,
  'perf-report': readPerfReport,
  'perf-script': readPerfScript,
  pstack: readPstack,
  autotrace: readAutotrace,
};
