// DTrace `@[ustack()] = count()` and bpftrace `@[ustack] = count()` printouts: a stack (leaf first, one frame a
// line, `module`function+0xoffset` in DTrace, `function+offset` in bpftrace inside `@[` ... `]: N`) followed by
// its count. Several aggregations may follow one another. A `...` inside a stack (frames elided when the
// output was published) keeps the frames that are there and is listed as not read.
import {
  emptyEvidence, parseCount, platformOfModule, splitFrame, splitLines, takeCommand, type TraceEvidence, TraceImportError,
} from '../traceEvidence.ts';

const FRAME = /^(?:[\w.+-]+`)?(?:[A-Za-z_$.][\w$.:<>~]*|0x[0-9a-f]+)(?:\+(?:0x)?[0-9a-f]+)?$/i;
const BPF_OPEN = /^@\w*\[\s*$/;
const BPF_CLOSE = /^\]:\s*(\d+)\s*$/;

export function looksLikeFrame(line: string): boolean {
  return !/^\.+$/.test(line.trim()) && FRAME.test(line.trim());
}

export function readUstack(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('dtrace', 'ustack-aggregation', lines.length);
  let frames: string[] = [];
  let frameLines: { line: number; text: string }[] = [];
  let elided = false;
  const close = (count: number): void => {
    if (frames.length) {
      ev.stacks.push({ frames: frames.map((f) => splitFrame(f).name).reverse(), count });
      for (const f of frames) ev.platform ??= platformOfModule(splitFrame(f).module);
    }
    frames = [];
    frameLines = [];
    elided = false;
  };
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (frames.length === 0 && takeCommand(ev, raw)) {
      if (/\bbpftrace\s/.test(ev.commands[ev.commands.length - 1]!)) ev.tool = 'bpftrace';
      continue;
    }
    if (line === '^C' || /^dtrace: (script|description) '.*' matched \d+ probes?$/.test(line) || /^Attaching \d+ probes?\.\.\.$/.test(line)) continue;
    if (BPF_OPEN.test(line)) {
      ev.tool = 'bpftrace';
      close(0);
      continue;
    }
    const bpfClose = BPF_CLOSE.exec(line);
    if (bpfClose) {
      if (frames.length === 0) ev.unread.push({ line: i + 1, text: raw });
      close(Number(bpfClose[1]));
      continue;
    }
    const count = parseCount(line);
    if (count !== undefined) {
      if (frames.length === 0) ev.unread.push({ line: i + 1, text: raw });
      else if (elided) ev.estimated.push(`the stack ending at line ${i + 1} had frames elided ('...'): its ${frames.length} listed frames are kept`);
      close(count);
      continue;
    }
    if (line === '...' || line === '…') {
      if (frames.length) elided = true;
      ev.unread.push({ line: i + 1, text: raw });
      continue;
    }
    if (looksLikeFrame(line) && !/^\d/.test(line)) {
      frames.push(line);
      frameLines.push({ line: i + 1, text: raw });
      continue;
    }
    // Anything else ends a stack that had no count: those frames were not an aggregation record.
    ev.unread.push(...frameLines, { line: i + 1, text: raw });
    frames = [];
    frameLines = [];
    elided = false;
  }
  if (frames.length) {
    throw new TraceImportError(`the trace ends inside a stack (${frames.length} frames from line ${frameLines[0]!.line}, no count after them): truncated?`);
  }
  if (ev.stacks.length === 0) throw new TraceImportError(`no stack with a count (frames, then a count line) in ${lines.length} lines`);
  ev.stackCounts = stackCountsOf(ev);
  return ev;
}

/**
 * What the counts mean: the probe in the paste's command line says it (a function's entry or return: calls;
 * profile-N or tick: samples). Without one, a few distinct leaf functions means a script that probed those
 * functions (calls); many leaves means sampling. The guess is written down as an estimate.
 */
function stackCountsOf(ev: TraceEvidence): 'calls' | 'samples' {
  const command = ev.commands.join(' ');
  if (/:(?:entry|return)\b|uprobe:|uretprobe:/.test(command)) return 'calls';
  if (/\bprofile-\d+|\bprofile:hz:|\btick-|\bperf\b/.test(command)) return 'samples';
  const leaves = new Set(ev.stacks.map((s) => s.frames[s.frames.length - 1]));
  const guess = leaves.size <= 3 ? 'calls' : 'samples';
  ev.estimated.push(`the trace does not say how its stacks were counted: with ${leaves.size} distinct leaf function${leaves.size === 1 ? '' : 's'} the counts are read as ${guess === 'calls' ? 'calls of the leaf function (a script probing it)' : 'samples'}; --stacks ${guess === 'calls' ? 'samples' : 'calls'} says otherwise`);
  return guess;
}
