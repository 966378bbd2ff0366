// Stacks from `pstack` (Solaris: a `19200:  oracleSOL10G (LOCAL=NO)` header, then ` fffffd7ffdd52caa pollsys
// (fffffd7fffdfb4f8, 1, ...)` / ` 000000000508d37b sntpoltsts () + 12b`; Linux/gdb: `#0  0x00007f3b in read ()
// from /lib64/libc.so.6`) run once or in a loop: each snapshot (a header, or frame #0 again) is one sample.
// `...` (frames elided when published) keeps the frames before it and is listed as not read.
import { emptyEvidence, splitLines, takeCommand, type TraceEvidence, TraceImportError } from '../traceEvidence.ts';

const SOLARIS_HEADER = /^(\d+):\s+(\S.*)$/;
const SOLARIS_FRAME = /^\s*([0-9a-f]{8,16})\s+(\S+?)\s*\((.*)\)(?:\s*\+\s*[0-9a-f]+)?\s*$/;
const GDB_FRAME = /^#(\d+)\s+(?:0x[0-9a-f]+\s+in\s+)?(\S+)\s*\(.*?\)(?:\s+(?:from|at)\s+(\S+))?/;
const THREAD = /^(?:Thread \d+ \(.*\):|-+\s+lwp#\s*\d+.*-+)$/;

export function readPstack(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('pstack', 'pstack', lines.length);
  let frames: string[] = [];
  let elided = false;
  let solaris = 0;
  let gdb = 0;
  const close = (): void => {
    if (frames.length) ev.stacks.push({ frames: [...frames].reverse(), count: 1 });
    if (elided && frames.length) ev.estimated.push(`stack ${ev.stacks.length} had frames elided ('...'): its ${frames.length} listed frames are kept`);
    frames = [];
    elided = false;
  };
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (line === '...' || line === '…') {
      elided = frames.length > 0 || elided;
      ev.unread.push({ line: i + 1, text: raw });
      continue;
    }
    const sf = SOLARIS_FRAME.exec(raw);
    if (sf) {
      frames.push(sf[2]!.replace(/^\?+$/, '[unknown]'));
      solaris++;
      continue;
    }
    const gf = GDB_FRAME.exec(line);
    if (gf) {
      if (gf[1] === '0') close();
      frames.push(gf[2] === '??' ? '[unknown]' : gf[2]!);
      gdb++;
      continue;
    }
    if (THREAD.test(line)) {
      close();
      continue;
    }
    if (takeCommand(ev, raw)) {
      close();
      continue;
    }
    const header = SOLARIS_HEADER.exec(line);
    if (header) {
      close();
      ev.pid ??= Number(header[1]);
      ev.comm ??= header[2]!.split(/\s+/)[0];
      continue;
    }
    ev.unread.push({ line: i + 1, text: raw });
  }
  close();
  if (ev.stacks.length === 0) throw new TraceImportError(`no pstack frame (" <address> <function> (<args>)" or "#0  0x... in <function> ()") in ${lines.length} lines`);
  ev.platform = solaris >= gdb ? 'Solaris' : 'Linux';
  ev.stackCounts = 'samples';
  ev.estimated.push(`each of the ${ev.stacks.length} pstack snapshot${ev.stacks.length === 1 ? '' : 's'} counts as one sample; the interval between them is not in the output`);
  return ev;
}
