// Sampled stacks (folded, root first) turned into what the page draws: a call tree for the flame graph and
// per-function sample counts (self = the function was on top, total = anywhere on the stack). Pure.
import type { FoldedStack } from '../contract/probeProfile.ts';
import { bareFunctionName } from '../annotations/annotateFunction.ts';

export interface FlameNode {
  name: string;
  /** Samples in which this frame (with this exact path from the root) was on the stack. */
  total: number;
  /** Samples in which it was the top frame. */
  self: number;
  children: FlameNode[];
}

export function buildFlameTree(folded: readonly FoldedStack[]): FlameNode {
  const root: FlameNode = { name: 'all', total: 0, self: 0, children: [] };
  for (const { stack, count } of folded) {
    if (count <= 0) continue;
    root.total += count;
    let node = root;
    const frames = stack.split(';').filter((f) => f !== '');
    for (const frame of frames) {
      const name = bareFunctionName(frame);
      let child = node.children.find((c) => c.name === name);
      if (!child) {
        child = { name, total: 0, self: 0, children: [] };
        node.children.push(child);
      }
      child.total += count;
      node = child;
    }
    node.self += count;
  }
  sortTree(root);
  return root;
}

/** Biggest children first, so the widest frames are drawn on the left. */
function sortTree(node: FlameNode): void {
  node.children.sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : 1));
  node.children.forEach(sortTree);
}

/** The node at a path of names below the root, or undefined once the path leaves the tree. */
export function nodeAtPath(root: FlameNode, path: readonly string[]): FlameNode | undefined {
  let node: FlameNode | undefined = root;
  for (const name of path) {
    node = node.children.find((c) => c.name === name);
    if (!node) return undefined;
  }
  return node;
}

export interface SampledFunction {
  name: string;
  self: number;
  /** Samples with the function anywhere on the stack, counted once per sample even when recursive. */
  total: number;
}

export function sampledFunctions(folded: readonly FoldedStack[]): SampledFunction[] {
  const byName = new Map<string, SampledFunction>();
  const get = (name: string): SampledFunction => {
    let f = byName.get(name);
    if (!f) byName.set(name, (f = { name, self: 0, total: 0 }));
    return f;
  };
  for (const { stack, count } of folded) {
    const frames = stack.split(';').filter((f) => f !== '').map(bareFunctionName);
    if (frames.length === 0 || count <= 0) continue;
    get(frames[frames.length - 1]!).self += count;
    for (const name of new Set(frames)) get(name).total += count;
  }
  return [...byName.values()].sort((a, b) => b.self - a.self || b.total - a.total || (a.name < b.name ? -1 : 1));
}
