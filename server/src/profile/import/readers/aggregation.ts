// DTrace and bpftrace aggregation printouts keyed by function: `@[probefunc] = count()` (`  kgebse   20000`),
// several keys (`@[probemod, probefunc]`: `  oracle   kgiPinObject   1000002`), module`function keys, several
// aggregations one after another, bpftrace maps (`@[kgebse]: 20000`, `@calls[oracle, slmsrd]: 5`), and the
// flattened form such output takes when pasted into a web page or a ticket (every record on one line:
// `oracle lnxmin 1000000 oracle lnxmin_int 1000000 ...`). A count with no key (`@calls = count()` prints just
// the number) is taken for the function or syscall the command line in the paste probes; otherwise unread.
import {
  addFunction, addSyscall, emptyEvidence, parseCount, platformOfModule, splitFrame, splitLines, takeCommand,
  type TraceEvidence, TraceImportError,
} from '../traceEvidence.ts';

/** DTrace's and bpftrace's own lines that carry no data. */
const TOOL_CHATTER = [
  /^dtrace: (script|description) '.*' matched \d+ probes?$/,
  /^\^C$/,
  /^\s*CPU\s+ID\s+FUNCTION:NAME\s*$/,
  /^Attaching \d+ probes?\.\.\.$/,
  /^-{3,}[\s-]*$/,
];
const EXITED = /^dtrace: pid (\d+) has exited$/;
const BPFTRACE_MAP = /^@\w*(?:\[(.*)\])?:\s*(\d+)\s*$/;
/** A symbol: C identifiers, C++ scope and template characters, module`name, a +0x offset. */
const SYMBOL = /^[A-Za-z_.$][\w.$:<>~,`@/+-]*$/;
const MODULE_LIKE = /^(?:oracle|a\.out|[\w.+-]*\.so(?:\.\d+)*|\[[\w.]+\]|[\w+-]+\.(?:so|dylib)[\w.]*)$/;

/** Keys of one record -> the function and its module. */
function functionOfKeys(keys: string[]): { name: string; module: string } | undefined {
  if (keys.length === 0 || keys.some((k) => !SYMBOL.test(k) || /^\d+$/.test(k))) return undefined;
  const last = splitFrame(keys[keys.length - 1]!);
  if (last.module !== undefined) return { name: last.name, module: last.module };
  const module = keys.length > 1 ? keys.slice(0, -1).find((k) => MODULE_LIKE.test(k)) : undefined;
  return { name: last.name, module: module ?? 'unknown' };
}

/** What a keyless count counts, from the probe the command line names. */
function probeOfCommands(commands: string[]): { kind: 'syscall' | 'function'; name: string } | undefined {
  for (const c of [...commands].reverse()) {
    const sys = /syscall::(\w+):entry/.exec(c);
    if (sys) return { kind: 'syscall', name: sys[1]! };
    const fn = /pid(?:\$\w+|\d+):[\w.]*:(\w+):(?:entry|return)/.exec(c);
    if (fn) return { kind: 'function', name: fn[1]! };
  }
  return undefined;
}

/** Records of a flattened line: runs of keys each closed by a count, all with the same number of keys. */
function flattenedRecords(tokens: string[]): { keys: string[]; count: number }[] | undefined {
  const records: { keys: string[]; count: number }[] = [];
  let keys: string[] = [];
  for (const t of tokens) {
    const count = parseCount(t);
    if (count === undefined) {
      keys.push(t);
      continue;
    }
    if (keys.length === 0) return undefined;
    records.push({ keys, count });
    keys = [];
  }
  if (keys.length > 0 || records.length < 2) return undefined;
  const width = records[0]!.keys.length;
  return width <= 3 && records.every((r) => r.keys.length === width) ? records : undefined;
}

export function readAggregation(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('dtrace', 'dtrace-aggregation', lines.length);
  let block = 0;
  let blankBefore = false;
  const blockOf = new Map<string, number>();
  const repeated = new Set<string>();
  let records = 0;
  const record = (name: string, module: string, count: number, lineNo: number, raw: string): void => {
    const key = `${module}\`${name}`;
    const first = blockOf.get(key);
    if (first !== undefined && first !== block) {
      // The same function in a later aggregation: another aggregating function (a time sum, say), not more calls.
      repeated.add(name);
      ev.unread.push({ line: lineNo, text: raw });
      return;
    }
    blockOf.set(key, block);
    addFunction(ev, name, module, count);
    ev.platform ??= platformOfModule(module);
    records++;
  };
  for (const [i, raw] of lines.entries()) {
    const lineNo = i + 1;
    const line = raw.trim();
    if (line === '') {
      blankBefore = true;
      continue;
    }
    if (blankBefore && records > 0) block++;
    blankBefore = false;
    if (takeCommand(ev, raw)) {
      if (/\bbpftrace\s/.test(ev.commands[ev.commands.length - 1]!)) ev.tool = 'bpftrace';
      continue;
    }
    if (TOOL_CHATTER.some((re) => re.test(line))) continue;
    const exited = EXITED.exec(line);
    if (exited) {
      ev.pid ??= Number(exited[1]);
      continue;
    }
    const map = BPFTRACE_MAP.exec(line);
    if (map) {
      ev.tool = 'bpftrace';
      const count = Number(map[2]);
      const keys = map[1] === undefined ? [] : map[1].split(',').map((k) => k.trim());
      const fn = keys.length ? functionOfKeys(keys) : undefined;
      if (fn) record(fn.name, fn.module, count, lineNo, raw);
      else if (!keys.length && keyless(ev, count)) records++;
      else ev.unread.push({ line: lineNo, text: raw });
      continue;
    }
    const tokens = line.split(/\s+/);
    const count = parseCount(tokens[tokens.length - 1]!);
    if (tokens.length === 1 && count !== undefined) {
      if (keyless(ev, count)) records++;
      else ev.unread.push({ line: lineNo, text: raw });
      continue;
    }
    if (count !== undefined && tokens.length <= 4) {
      const fn = functionOfKeys(tokens.slice(0, -1));
      if (fn) {
        record(fn.name, fn.module, count, lineNo, raw);
        continue;
      }
    }
    const flat = tokens.length > 4 ? flattenedRecords(tokens) : undefined;
    const fns = flat?.map((r) => ({ fn: functionOfKeys(r.keys), count: r.count }));
    if (fns && fns.every((r) => r.fn)) {
      for (const r of fns) record(r.fn!.name, r.fn!.module, r.count, lineNo, raw);
      ev.estimated.push(`line ${lineNo} holds ${fns.length} aggregation records on one line (a flattened paste): read as ${flat![0]!.keys.length === 1 ? 'function count' : 'key ... count'} records`);
      continue;
    }
    ev.unread.push({ line: lineNo, text: raw });
  }
  for (const name of repeated) {
    ev.estimated.push(`${name} appears in more than one aggregation: the first aggregation's count is kept, the later ones are listed as not read`);
  }
  if (records === 0) throw new TraceImportError(`no aggregation record (a key followed by a count) in ${lines.length} lines`);
  return ev;
}

/** A count printed without a key, taken for what the paste's command line probes. */
function keyless(ev: TraceEvidence, count: number): boolean {
  const probe = probeOfCommands(ev.commands);
  if (!probe) return false;
  if (probe.kind === 'syscall') addSyscall(ev, probe.name, count);
  else addFunction(ev, probe.name, 'unknown', count);
  ev.estimated.push(`a count without a key (${count}) is taken for the ${probe.kind} ${probe.name} that the command line in the trace probes`);
  return true;
}

