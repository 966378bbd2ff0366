/**
 * The whole index as every worker thread receives it for the second pass: serialized once into shared memory,
 * which postMessage hands to each thread without copying, instead of the main thread structured-cloning the same
 * entries once per thread while the workers wait (x4 of corpus-wide: the definitions, keys and call graphs of
 * about 9,000 files).
 */
import { deserialize, serialize } from 'node:v8';
import type { IndexEntries } from '../../analysis/index/workspaceIndex.ts';

const packedIndexes = new WeakMap<object, Uint8Array>();

/** The entries, serialized once per list however many threads ask. */
export function packedIndex(entries: [string, IndexEntries][]): Uint8Array {
  let packed = packedIndexes.get(entries);
  if (packed === undefined) {
    const bytes = serialize(entries);
    packed = new Uint8Array(new SharedArrayBuffer(bytes.length));
    packed.set(bytes);
    packedIndexes.set(entries, packed);
  }
  return packed;
}

/** The entries packedIndex packed, in a worker thread. */
export function unpackIndex(packed: Uint8Array): [string, IndexEntries][] {
  return deserialize(packed) as [string, IndexEntries][];
}
