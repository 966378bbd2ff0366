// `perf script` output of `perf record -g`: a sample header (`oracle  5522 [001] 12345.678901:  10101010
// cpu-clock:pppH:`), then its frames leaf first (`\t    7f2a1c2d3e4f kgiPinObject+0x1c (/u01/.../bin/oracle)`),
// then a blank line. Without -g the one frame follows the header on the same line. Every sample counts once.
import { emptyEvidence, platformOfModule, splitLines, takeCommand, type TraceEvidence, TraceImportError } from '../traceEvidence.ts';

const HEADER = /^(\S.*?)\s+(\d+)(?:\/(\d+))?\s+(?:\[\d+\]\s+)?(\d+\.\d+):\s+(?:\d+\s+)?([\w:.-]+):\s*(.*)$/;
const FRAME = /^\s*([0-9a-f]+)\s+(.+?)\s+\((.+)\)\s*$/;

function symbolOf(sym: string): string {
  return sym === '[unknown]' ? '[unknown]' : sym.replace(/\+0x[0-9a-f]+$/i, '');
}

export function readPerfScript(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('perf', 'perf-script', lines.length);
  ev.platform = 'Linux';
  let frames: string[] | undefined;
  let headerLine = 0;
  const pids = new Set<number>();
  const comms = new Set<string>();
  const close = (): void => {
    if (frames === undefined) return;
    if (frames.length === 0) ev.unread.push({ line: headerLine, text: lines[headerLine - 1]! });
    else ev.stacks.push({ frames: [...frames].reverse(), count: 1 });
    frames = undefined;
  };
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === '') {
      close();
      continue;
    }
    const frame = raw.startsWith(' ') || raw.startsWith('\t') ? FRAME.exec(raw) : null;
    if (frame && frames !== undefined) {
      frames.push(symbolOf(frame[2]!));
      ev.platform = platformOfModule(frame[3]) ?? ev.platform;
      continue;
    }
    const h = HEADER.exec(raw);
    if (h) {
      close();
      headerLine = i + 1;
      frames = [];
      pids.add(Number(h[2]));
      comms.add(h[1]!.trim());
      const inline = FRAME.exec(` ${h[6]!}`);
      if (inline) frames.push(symbolOf(inline[2]!));
      continue;
    }
    if (frames === undefined && takeCommand(ev, raw)) continue;
    ev.unread.push({ line: i + 1, text: raw });
  }
  if (frames !== undefined && lines[lines.length - 1]?.trim() !== '' && frames.length === 0) {
    throw new TraceImportError(`the trace ends with a sample header and no frame (line ${headerLine}): truncated?`);
  }
  close();
  if (ev.stacks.length === 0) throw new TraceImportError(`no perf script sample (a "comm pid [cpu] time: event:" line and its frames) in ${lines.length} lines`);
  if (pids.size === 1) ev.pid = [...pids][0];
  else ev.estimated.push(`samples of ${pids.size} processes are added up (${[...pids].slice(0, 5).join(', ')})`);
  if (comms.size === 1) ev.comm = [...comms][0];
  ev.stackCounts = 'samples';
  return ev;
}
