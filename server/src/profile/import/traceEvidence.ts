// What one imported trace holds, whatever tool wrote it: the readers (./readers/) fill it, buildProbeProfile.ts
// turns the merged evidence into the probe-profile shape the cards, the panel and `report` already read.
// Pure: no I/O, so the CLI, the extension and the tests share it.

import type { TraceFormatName, TraceToolName } from '../profileDocument.ts';

/** The tool whose output a trace is. */
export type TraceTool = TraceToolName;

/** The output formats the readers know; `--format` names one of these to skip detection. */
export const TRACE_FORMATS = [
  'dtrace-aggregation',
  'ustack-aggregation',
  'size-aggregation',
  'truss-summary',
  'strace-summary',
  'syscall-log',
  'perf-report',
  'perf-script',
  'pstack',
  'autotrace',
] as const satisfies readonly TraceFormatName[];
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** A line of the input that no reader took: kept (with its number) so the import can say what it skipped. */
export interface UnreadLine {
  line: number;
  text: string;
}

export interface CountedFunction {
  name: string;
  /** The module (`oracle`, `libc.so.1`, `a.out`); "unknown" when the trace names none. */
  module: string;
  calls: number;
}

export interface CountedSyscall {
  name: string;
  calls: number;
  /** Seconds in the syscall as the tool summed them (truss -c, strace -c); absent in logs and DTrace counts. */
  seconds?: number;
  errors?: number;
}

/** A stack, root first, with how often it was seen. */
export interface CountedStack {
  frames: string[];
  count: number;
}

export interface TraceEvidence {
  tool: TraceTool;
  format: TraceFormat;
  /** The platform, when the trace shows it (Solaris libc names, a Linux vDSO, a pstack header...). */
  platform?: string;
  /** The traced process, when the trace or the command line in it names it. */
  pid?: number;
  comm?: string;
  /** Shell command lines found in the paste (the prompt stripped): they say how the trace was taken. */
  commands: string[];
  functions: CountedFunction[];
  syscalls: CountedSyscall[];
  /** Sizes per syscall: syscall -> size in bytes -> calls. */
  sizes: Map<string, Map<number, number>>;
  stacks: CountedStack[];
  /**
   * What a stack's count means: `calls` when each count is one call of the leaf function (a DTrace/bpftrace
   * ustack() aggregation on a function's entry), `samples` for sampled stacks (perf, pstack in a loop).
   */
  stackCounts?: 'samples' | 'calls';
  /** Wall time of the trace when the tool printed it (truss -c "elapsed:"). */
  elapsedMs?: number;
  /** Session statistics the paste holds (SQL*Plus autotrace), by V$STATNAME name. */
  stats: Map<string, number>;
  /** Figures derived rather than read (each sentence says what and how). */
  estimated: string[];
  unread: UnreadLine[];
  /** Lines of the input (blank lines included). */
  lines: number;
}

export function emptyEvidence(tool: TraceTool, format: TraceFormat, lines: number): TraceEvidence {
  return { tool, format, commands: [], functions: [], syscalls: [], sizes: new Map(), stacks: [], stats: new Map(), estimated: [], unread: [], lines };
}

/** A trace that cannot be read at all: the message says where and why; nothing is imported from it. */
export class TraceImportError extends Error {}

/** Splits text into lines without their terminators (LF, CRLF or CR). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Integer text (digits with optional thousands separators) to a number, or undefined. */
export function parseCount(text: string): number | undefined {
  if (!/^\d{1,3}(,\d{3})+$|^\d+$/.test(text)) return undefined;
  const value = Number(text.replace(/,/g, ''));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** `module`function+0x1c` (DTrace), `function+0x1c (module)` (perf) -> its parts; offsets dropped. */
export function splitFrame(frame: string): { module?: string; name: string } {
  let text = frame.trim();
  let module: string | undefined;
  const tick = text.lastIndexOf('`');
  if (tick >= 0) {
    module = text.slice(0, tick);
    text = text.slice(tick + 1);
  }
  const name = text.replace(/\+(?:0x)?[0-9a-f]+$/i, '').replace(/\s*\(\)\s*$/, '');
  return module === undefined ? { name } : { module, name };
}

/**
 * A shell prompt and the command after it (`root@skiper:~# tail -20 x.out`, `solaris02$ truss -cp 18284`):
 * the command, or undefined when the line is not one.
 */
export function promptCommand(line: string): string | undefined {
  // The host part has a letter: `55.00%  oracle ...` is a perf report row, not a prompt.
  const m = /^\s*(?:\[[^\]]*\][#$%]|(?=[\w.-]*[A-Za-z])[\w.-]+(?:@[\w.-]+)?(?::[~\w./-]*)?[#$%>])\s+(\S.*)$/.exec(line);
  if (!m) return undefined;
  const command = m[1]!;
  // A prompt runs a command: the first word is a program name or path, not a number or an aggregation key.
  return /^(?:sudo\s+)?(?:[./~\w-]*\/)?[A-Za-z_][\w.+-]*(?:\s|$)/.test(command) ? command : undefined;
}

/** Tracing tools whose command line is often pasted without its prompt (or after a bare `# ` root prompt). */
const TOOL_COMMAND = /^(?:#\s+)?((?:sudo\s+)?(?:\/\S*\/)?(?:truss|strace|dtrace|bpftrace|pstack|perf|ltrace|gdb)\s+-?\S.*)$/;

/** A tracing tool's command line pasted without a prompt (`truss -f -tread -p 5522`, `# dtrace -n ...`). */
export function toolCommand(line: string): string | undefined {
  return TOOL_COMMAND.exec(line.trim())?.[1];
}

/** The pid a tracing command names (`truss -cp 18284`, `strace -f -p 5522`, `pstack 19200`, `dtrace -p 3017`, `./x.d 3450`). */
export function pidOfCommand(command: string): number | undefined {
  const m = /(?:^|\s)-[A-Za-z]*p\s*(\d+)\b/.exec(command) ?? /\bpstack\s+(\d+)\b/.exec(command) ?? /\.d\s+(\d+)\s*$/.exec(command);
  if (!m) return undefined;
  const pid = Number(m[1]);
  return pid > 0 ? pid : undefined;
}

/** Records a prompt line's command (and pid) on the evidence; true when the line was one. */
export function takeCommand(ev: TraceEvidence, line: string): boolean {
  const command = promptCommand(line) ?? toolCommand(line);
  if (command === undefined) return false;
  ev.commands.push(command);
  ev.pid ??= pidOfCommand(command);
  return true;
}

/** Adds calls to a function (same name and module). */
export function addFunction(ev: TraceEvidence, name: string, module: string, calls: number): void {
  const found = ev.functions.find((f) => f.name === name && f.module === module);
  if (found) found.calls += calls;
  else ev.functions.push({ name, module, calls });
}

export function addSyscall(ev: TraceEvidence, name: string, calls: number, extra: { seconds?: number; errors?: number } = {}): void {
  const found = ev.syscalls.find((s) => s.name === name);
  if (found) {
    found.calls += calls;
    if (extra.seconds !== undefined) found.seconds = (found.seconds ?? 0) + extra.seconds;
    if (extra.errors !== undefined) found.errors = (found.errors ?? 0) + extra.errors;
  } else {
    ev.syscalls.push({ name, calls, ...extra });
  }
}

export function addSize(ev: TraceEvidence, syscall: string, size: number, calls: number): void {
  const bySize = ev.sizes.get(syscall) ?? new Map<number, number>();
  bySize.set(size, (bySize.get(size) ?? 0) + calls);
  ev.sizes.set(syscall, bySize);
}

/** Platform hints in frame and module names: Solaris' libc is libc.so.1, Linux's libc.so.6 or a vDSO. */
export function platformOfModule(module: string | undefined): string | undefined {
  if (module === undefined) return undefined;
  if (module === 'libc.so.1' || module.startsWith('libc.so.1')) return 'Solaris';
  if (/libc\.so\.6|libc-2\.\d+\.so|linux-vdso|\[vdso\]|\[kernel\.kallsyms\]/.test(module)) return 'Linux';
  return undefined;
}
