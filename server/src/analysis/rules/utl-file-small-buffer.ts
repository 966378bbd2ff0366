/**
 * UTL_FILE written in a loop through a small buffer: FOPEN without max_linesize (default 1024) or with at most half of
 * 32767, or DBMS_LOB.READ/SUBSTR chunks and PUT_RAW buffers of at most half of 32767 bytes feeding UTL_FILE in a loop.
 * The handle is followed into the subprograms it is passed to (fileHandleFlow.ts): a file opened in one
 * procedure and written in a loop by another is the same file with the same line size.
 * Every chunk is one trip through UTL_FILE's write path (seed 003: with 32 KB asked for, one file system
 * still got 4 KB write() calls, the other 32767-byte ones; small chunks multiply the calls either way).
 */
import type { ArgumentNode, CallNode, SubprogramNode } from '../../syntax/model/nodes.ts';
import type { CallResolution } from '../semantic/resolveCall.ts';
import { evaluateNumber } from '../semantic/constants.ts';
import { estimateOf, type LoopSource } from '../semantic/estimate.ts';
import { argumentFor, fileParameterUses, unitSubprogramResolver, type FileParameterUse } from '../semantic/fileHandleFlow.ts';
import type { LoopInfo, Position } from '../semantic/walk.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'utl-file-small-buffer';
const MAX = 32767;
/**
 * A buffer above half of MAX makes fewer than twice the writes a full one does: not a finding. A max_linesize of
 * 32764 or 32000-byte LOB chunks (both common) cost a few percent more writes, and the advice "32767" would promise
 * "2x fewer writes" that are not there (third unseen reading, schibout/plsql DKA_SRBCTRLRB_PKG).
 */
const SMALL = Math.floor(MAX / 2);
const isSmall = (size: number) => size <= SMALL;
const WRITES = new Set(['PUT', 'PUT_LINE', 'PUT_RAW', 'PUTF', 'NEW_LINE', 'PUT_NCHAR', 'PUT_LINE_NCHAR', 'PUTF_NCHAR']);

/** The callee without an optional SYS. prefix: `SYS.UTL_FILE.FOPEN` -> `UTL_FILE.FOPEN`. */
function calleeOf(call: CallNode): string {
  return call.name.startsWith('SYS.') ? call.name.slice(4) : call.name;
}

/** A file handle is a variable of one subprogram (or block): the same name elsewhere is another file. */
function handleKey(position: Position, handle: string): string {
  const owner = position.subprogram?.range ?? position.unit.range;
  return `${owner.line}:${owner.column}:${handle}`;
}

/** An argument by parameter name or position (1-based). */
function argument(call: CallNode, name: string, position: number): ArgumentNode | undefined {
  return call.args.find((a) => a.name === name) ?? (call.args[position - 1]?.name === undefined ? call.args[position - 1] : undefined);
}

interface Open { call: CallNode; handle: string; size?: number; sizeArg?: ArgumentNode; position: Position; key: string }
interface LoopWrite { key: string; call: CallNode; loop: LoopInfo }
/** A handle passed to a subprogram that writes it (or passes it on to one that does). */
interface HandlePass { key: string; call: CallNode; loop?: LoopInfo; use: FileParameterUse; file?: string }

/** Whether a starts before b in the text. */
function before(a: CallNode, b: CallNode): boolean {
  return a.range.line < b.range.line || (a.range.line === b.range.line && a.range.column < b.range.column);
}

/**
 * The FOPEN whose handle a write uses: the last FOPEN of that handle before the write. A handle reopened after
 * a loop (`l_file := fopen(..., 'w')` for a one-line trailer) is another file, not the one the loop wrote.
 */
function reachingOpen(opens: readonly Open[], write: { key: string; call: CallNode }): Open | undefined {
  let reaching: Open | undefined;
  for (const open of opens) if (open.key === write.key && before(open.call, write.call)) reaching = open;
  return reaching;
}
interface Chunk { call: CallNode; size: number; loop: LoopInfo; what: string; argument: ArgumentNode }

/** The loops around a position, outermost first. */
function sourcesOf(loop: LoopInfo | undefined): LoopSource[] {
  const sources: LoopSource[] = [];
  for (let l = loop; l; l = l.parent) sources.unshift(l.source);
  return sources;
}

export const utlFileSmallBuffer: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'UTL_FILE written in a loop through a buffer below 32767 bytes (FOPEN max_linesize, LOB chunk size, PUT_RAW buffer).',
    remedy: 'Open the file with max_linesize => 32767 and move data in 32767-byte chunks.',
    fixKind: 'safe',
    docPath: docPathOf(id),
  },
  create(context) {
    const opens: Open[] = [];
    const loopWrites: LoopWrite[] = [];
    const chunks: Chunk[] = [];
    const rawWritesByLoop = new Map<LoopInfo, CallNode[]>();
    const passes: HandlePass[] = [];
    const localUses = new Map<SubprogramNode, FileParameterUse[]>();
    /** What the callee does with the handles it is given, and the file it is in (undefined: this one). */
    const usesOf = (resolution: CallResolution, position: Position): { uses: FileParameterUse[]; file?: string } | undefined => {
      const sub = resolution.symbol?.subprogram;
      if (sub) {
        let uses = localUses.get(sub);
        if (!uses) localUses.set(sub, (uses = fileParameterUses(sub, unitSubprogramResolver(position.unit))));
        return { uses };
      }
      const name = resolution.definition?.name;
      if (!name || (resolution.kind !== 'standalone' && resolution.kind !== 'same-package' && resolution.kind !== 'other-package')) return undefined;
      // a package spec declares the member, its body has the code: take the definition that knows the writes
      const definition = context.definitions(name).find((d) => d.fileParameters);
      if (!definition) return undefined;
      return { uses: definition.fileParameters!, file: definition.file === context.file ? undefined : definition.file };
    };
    return {
      call({ call, resolution, position }) {
        if (call.args.length > 0 && (resolution.symbol?.subprogram || resolution.definition)) {
          const callee = usesOf(resolution, position);
          for (const use of callee?.uses ?? []) {
            const handle = argumentFor(call, use.parameter, use.position)?.toUpperCase();
            if (handle && /^[\w$#]+$/.test(handle)) passes.push({ key: handleKey(position, handle), call, loop: position.loop, use, file: callee!.file });
          }
        }
        const callee = calleeOf(call);
        const scope = position.scope;
        if (callee === 'UTL_FILE.FOPEN' || callee === 'UTL_FILE.FOPEN_NCHAR') {
          const statement = position.statement;
          const handle = statement?.statementKind === 'assignment' ? statement.target?.toUpperCase() : undefined;
          if (!handle) return;
          const sizeArg = argument(call, 'MAX_LINESIZE', 4);
          const size = sizeArg ? evaluateNumber(sizeArg.text, scope.valueOf) : 1024;
          opens.push({ call, handle, size, sizeArg, position, key: handleKey(position, handle) });
          return;
        }
        const loop = position.loop;
        if (!loop) return;
        if (callee.startsWith('UTL_FILE.') && WRITES.has(callee.slice('UTL_FILE.'.length))) {
          const handle = argument(call, 'FILE', 1)?.text.toUpperCase();
          const key = handle && handleKey(position, handle);
          if (key) loopWrites.push({ key, call, loop });
          if (callee === 'UTL_FILE.PUT_RAW') {
            const list = rawWritesByLoop.get(loop) ?? [];
            list.push(call);
            rawWritesByLoop.set(loop, list);
            const buffer = argument(call, 'BUFFER', 2);
            const length = buffer && /^[\w$#]+$/.test(buffer.text) ? scope.lengthOf(buffer.text.toUpperCase()) : undefined;
            if (buffer && length !== undefined && isSmall(length)) chunks.push({ call, size: length, loop, what: `the PUT_RAW buffer ${buffer.text} holds ${length} bytes`, argument: buffer });
          }
          return;
        }
        if (callee === 'DBMS_LOB.READ' || callee === 'DBMS_LOB.SUBSTR') {
          const amount = argument(call, 'AMOUNT', 2);
          const size = amount ? evaluateNumber(amount.text, scope.valueOf) : callee === 'DBMS_LOB.SUBSTR' ? MAX : undefined;
          if (amount && size !== undefined && isSmall(size)) chunks.push({ call, size, loop, what: `${callee} reads ${size} bytes per chunk`, argument: amount });
        }
      },
      finish() {
        const writtenInLoop = new Map<Open, LoopInfo>();
        for (const write of loopWrites) {
          const open = reachingOpen(opens, write);
          if (open && !writtenInLoop.has(open)) writtenInLoop.set(open, write.loop);
        }
        for (const open of opens) {
          const loop = writtenInLoop.get(open);
          if (!loop || (open.size !== undefined && !isSmall(open.size))) continue;
          const asked = open.sizeArg ? (open.size === undefined ? `max_linesize ${open.sizeArg.text}` : `max_linesize ${open.size}`) : 'no max_linesize (default 1024)';
          if (open.sizeArg && open.size === undefined) continue; // a size we cannot know: not reported
          const edit = open.sizeArg
            ? { range: open.sizeArg.range, newText: '32767' }
            : { range: { line: open.call.range.endLine, column: open.call.range.endColumn - 1, endLine: open.call.range.endLine, endColumn: open.call.range.endColumn - 1 }, newText: open.call.args.some((a) => a.name !== undefined) ? ', max_linesize => 32767' : ', 32767' };
          context.report(open.call.nameRange,
            `${open.handle} is opened with ${asked} and written ${loop.estimate.text}: each line or chunk is limited to that size. Open it with max_linesize => 32767.`, {
              loop: { estimate: loop.estimate, line: loop.statement.range.line },
              related: [{ range: loop.statement.headerRange, message: `written in this loop: ${loop.estimate.text}` }],
              fix: open.call.args.length === 3 || open.sizeArg ? { kind: 'safe', title: 'Open the file with max_linesize 32767', edits: [edit] } : undefined,
            });
        }
        for (const open of opens) {
          if (writtenInLoop.has(open) || (open.size !== undefined && !isSmall(open.size)) || (open.sizeArg && open.size === undefined)) continue;
          // the first pass of this handle whose write repeats: a loop around the call, or one in the callee
          for (const pass of passes) {
            if (reachingOpen(opens, pass) !== open) continue;
            const sources = [...sourcesOf(pass.loop), ...pass.use.loops];
            if (sources.length === 0) continue;
            const estimate = estimateOf(sources);
            const asked = open.sizeArg ? `max_linesize ${open.size}` : 'no max_linesize (default 1024)';
            const chain = pass.use.chain.join(' -> ');
            const where = pass.file ? `${pass.file} line ${pass.use.writeLine}` : `line ${pass.use.writeLine}`;
            const edit = open.sizeArg
              ? { range: open.sizeArg.range, newText: '32767' }
              : { range: { line: open.call.range.endLine, column: open.call.range.endColumn - 1, endLine: open.call.range.endLine, endColumn: open.call.range.endColumn - 1 }, newText: ', 32767' };
            context.report(open.call.nameRange,
              `${open.handle} is opened with ${asked} and passed to ${chain}, which writes it (${where}) ${estimate.text}: each line or chunk is limited to that size. Open it with max_linesize => 32767.`, {
                loop: { estimate, line: pass.loop?.statement.range.line ?? pass.call.range.line },
                related: [
                  { range: pass.call.nameRange, message: `${open.handle} is passed to ${chain} here${pass.loop ? `, ${pass.loop.estimate.text}` : ''}` },
                  { file: pass.file, range: { line: pass.use.writeLine, column: 1, endLine: pass.use.writeLine, endColumn: 1 }, message: `written here: ${estimate.text}` },
                ],
                fix: open.call.args.length === 3 || open.sizeArg ? { kind: 'safe', title: 'Open the file with max_linesize 32767', edits: [edit] } : undefined,
              });
            break;
          }
        }
        const loopsWithLobChunks = new Set(chunks.filter((c) => c.call.name.includes('DBMS_LOB.')).map((c) => c.loop));
        for (const chunk of chunks) {
          // only chunks that feed UTL_FILE: a PUT_RAW in the same loop; one finding per loop, at the LOB read
          if (!rawWritesByLoop.has(chunk.loop)) continue;
          if (!chunk.call.name.includes('DBMS_LOB.') && loopsWithLobChunks.has(chunk.loop)) continue;
          context.report(chunk.call.nameRange,
            `${chunk.what} while UTL_FILE writes ${chunk.loop.estimate.text}: a ${MAX}-byte chunk needs ${Math.floor(MAX / chunk.size)}x fewer writes.`, {
              loop: { estimate: chunk.loop.estimate, line: chunk.loop.statement.range.line },
              related: [{ range: chunk.loop.statement.headerRange, message: `the loop: ${chunk.loop.estimate.text}` }],
            });
        }
      },
    };
  },
};
