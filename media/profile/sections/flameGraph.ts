// Flame graph of the sampled stacks, drawn on a canvas (root at the top, callees below, width = samples).
// Hover shows the frame's annotation and share; click zooms into a frame (kept in the page state), click an
// ancestor bar or "Whole graph" to zoom out.
import type { Profile as ProbeProfile } from '../../../server/src/profile/contract/probeProfile.ts';
import { annotateFunction } from '../../../server/src/profile/annotations/annotateFunction.ts';
import type { KernelLayer } from '../../../server/src/profile/annotations/kernelFunctions.ts';
import { formatCount, formatPercent } from '../../../server/src/profile/view/format.ts';
import { buildFlameTree, nodeAtPath, type FlameNode } from '../../../server/src/profile/view/stacks.ts';
import { stacksCaption } from '../../../server/src/profile/view/evidenceLabels.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section } from '../dom.ts';

const ROW = 18;
const MIN_LABEL_WIDTH = 28;

/** Fill per layer: light colours that read with dark text in light and dark themes alike; related layers share a hue. */
const LAYER_FILLS: Record<KernelLayer | 'unsymbolized', string> = {
  'OS-dependent': '#9fd4a3',
  'C library': '#b8e0b0',
  'system calls': '#d6edc9',
  'Java VM': '#e8c9a0',
  'Linux kernel': '#c9e7c0',
  'program interface': '#f7d794',
  'SQL and PL/SQL execution': '#f5c77e',
  'PL/SQL VM': '#f5b971',
  'library cache': '#c5a3f0',
  memory: '#d8c4f5',
  errors: '#f49e6c',
  'message files': '#f3a683',
  files: '#9cc3f0',
  network: '#8fd3e0',
  'row sources': '#e8c55c',
  'rowsource statistics': '#f0a0a0',
  'SQL compilation': '#e4a3d1',
  'buffer cache': '#d9b38c',
  'data layer': '#cfae85',
  transactions: '#c6b59a',
  services: '#e0c9a6',
  timers: '#f0a0a0',
  unsymbolized: '#d0d0d0',
};

function fillFor(name: string): string {
  const layer = annotateFunction(name)?.layer;
  return layer ? LAYER_FILLS[layer] : '#e6e6e6';
}

interface Box {
  x: number;
  y: number;
  w: number;
  node: FlameNode;
  /** Path of names from the root's children down to this node. */
  path: string[];
  ancestor: boolean;
}

/** Lays out the zoomed node and its callees; its ancestors become full-width bars above it. */
function layout(root: FlameNode, zoom: string[], width: number): { boxes: Box[]; rows: number } {
  const boxes: Box[] = [];
  let node = root;
  const ancestors: Box[] = [];
  for (let i = 0; i < zoom.length; i++) {
    ancestors.push({ x: 0, y: i * ROW, w: width, node, path: zoom.slice(0, i), ancestor: true });
    node = node.children.find((c) => c.name === zoom[i])!;
  }
  boxes.push(...ancestors);
  let rows = zoom.length + 1;
  const place = (n: FlameNode, path: string[], x: number, depth: number, w: number): void => {
    boxes.push({ x, y: depth * ROW, w, node: n, path, ancestor: false });
    rows = Math.max(rows, depth + 1);
    let cx = x;
    for (const child of n.children) {
      const cw = n.total > 0 ? (w * child.total) / n.total : 0;
      if (cw >= 0.5) place(child, [...path, child.name], cx, depth + 1, cw);
      cx += cw;
    }
  };
  place(node, zoom, 0, zoom.length, width);
  return { boxes, rows };
}

export function renderFlameGraph(probe: ProbeProfile, run: string, ctx: RenderContext): HTMLElement {
  const stacks = probe.collectors.stacks;
  if (!stacks || stacks.folded.length === 0) return section('flame', 'Flame graph', note('No stack samples in this recording.'));
  const root = buildFlameTree(stacks.folded);
  const canvas = el('canvas', { attrs: { 'data-chart': 'flame-graph', role: 'img', 'aria-label': 'Flame graph of the sampled stacks' } });
  const tip = el('div', { className: 'pp-tooltip', attrs: { role: 'tooltip', 'data-tooltip': 'flame' } });
  tip.hidden = true;
  const crumbs = el('div', { className: 'pp-crumbs', attrs: { 'data-crumbs': 'flame' } });
  const box = el('div', { className: 'pp-flame' }, canvas, tip);
  let zoom = nodeAtPath(root, ctx.ui.flameZoom) ? [...ctx.ui.flameZoom] : [];
  let boxes: Box[] = [];

  const draw = (): void => {
    const width = Math.max(200, box.clientWidth);
    const laid = layout(root, zoom, width);
    boxes = laid.boxes;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(laid.rows * ROW * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${laid.rows * ROW}px`;
    const g = canvas.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, laid.rows * ROW);
    g.font = `12px ${ctx.theme.font}`;
    g.textBaseline = 'middle';
    for (const b of boxes) {
      g.globalAlpha = b.ancestor ? 0.45 : 1;
      g.fillStyle = fillFor(b.node.name);
      g.fillRect(b.x, b.y, Math.max(b.w - 1, 0.5), ROW - 1);
      if (b.w >= MIN_LABEL_WIDTH) {
        g.fillStyle = '#1b1b1b';
        g.save();
        g.beginPath();
        g.rect(b.x, b.y, b.w - 2, ROW);
        g.clip();
        g.fillText(b.node.name, b.x + 3, b.y + ROW / 2);
        g.restore();
      }
    }
    g.globalAlpha = 1;
    crumbs.replaceChildren(
      el('button', { className: 'pp-link', attrs: { 'data-zoom': 'reset' }, onClick: () => setZoom([]) }, 'Whole graph'),
      ...zoom.map((name, i) => el('button', { className: 'pp-link', onClick: () => setZoom(zoom.slice(0, i + 1)) }, ` › ${name}`)),
    );
  };

  const setZoom = (path: string[]): void => {
    zoom = path;
    ctx.ui.flameZoom = [...path];
    ctx.host.saveUi(ctx.ui);
    tip.hidden = true;
    draw();
  };

  const hit = (event: MouseEvent): Box | undefined => {
    const r = canvas.getBoundingClientRect();
    const x = event.clientX - r.left;
    const y = event.clientY - r.top;
    return boxes.find((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + ROW);
  };

  canvas.addEventListener('mousemove', (event) => {
    const b = hit(event);
    if (!b) {
      tip.hidden = true;
      return;
    }
    const a = annotateFunction(b.node.name);
    tip.replaceChildren(
      el('strong', null, b.node.name),
      el('div', null, `${formatCount(b.node.total)} samples (${formatPercent(b.node.total, root.total)} of all), ${formatCount(b.node.self)} on top`),
      el('div', { className: 'pp-muted' }, a ? `${a.layer}: ${a.summary}` : 'no annotation'),
    );
    tip.hidden = false;
    const r = box.getBoundingClientRect();
    tip.style.left = `${Math.min(event.clientX - r.left + 12, Math.max(0, r.width - 320))}px`;
    tip.style.top = `${event.clientY - r.top + 14}px`;
  });
  canvas.addEventListener('mouseleave', () => (tip.hidden = true));
  canvas.addEventListener('click', (event) => {
    const b = hit(event);
    if (b && b.node !== root) setZoom(b.path);
    else if (b) setZoom([]);
  });

  ctx.afterAttach.push(() => {
    draw();
    const observer = new ResizeObserver(() => draw());
    observer.observe(box);
    ctx.disposables.push({ destroy: () => observer.disconnect() });
  });
  return section(
    'flame',
    'Flame graph',
    el('p', { className: 'pp-muted' }, `${stacksCaption(stacks)} (${run} run). Colour = kernel layer; hover for the annotation, click to zoom.`),
    crumbs,
    box,
  );
}
