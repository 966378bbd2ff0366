// DOM building for the profile page. Every value from a profile reaches the page as a text node or an attribute
// set through the DOM API: no HTML strings anywhere (a profile may hold any text: SQL, DBMS_OUTPUT, file names).

type Child = Node | string | number | null | undefined | false;

export interface ElementOptions {
  className?: string;
  title?: string;
  attrs?: Record<string, string>;
  onClick?: (event: MouseEvent) => void;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options?.className) node.className = options.className;
  if (options?.title) node.title = options.title;
  for (const [name, value] of Object.entries(options?.attrs ?? {})) node.setAttribute(name, value);
  const onClick = options?.onClick;
  if (onClick) {
    node.addEventListener('click', (event) => onClick(event as MouseEvent));
    // Clickable rows are focusable (tabindex): Enter works on them as on a button.
    if (tag !== 'button') node.addEventListener('keydown', (event) => (event as KeyboardEvent).key === 'Enter' && node.click());
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** A section with a heading and an anchor id for the navigation bar. */
export function section(id: string, heading: string, ...children: Child[]): HTMLElement {
  return el('section', { className: 'pp-section', attrs: { id, 'data-section': id } }, el('h2', null, heading), ...children);
}

export interface Column<T> {
  heading: string;
  cell: (row: T) => Child;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

/**
 * Rows a table shows at first. A profile can hold 180,000 HPROF lines or 100,000 kernel functions: the rest
 * comes with "Show all", and rows are appended one by one (as arguments of one call they overflowed the stack).
 */
export const FIRST_ROWS = 500;

/** A table; rowOptions may make rows clickable or give them a tooltip. Long tables show FIRST_ROWS rows first. */
export function table<T>(
  name: string,
  columns: Column<T>[],
  rows: readonly T[],
  rowOptions?: (row: T) => ElementOptions | null,
): HTMLTableElement {
  const head = el('tr', null, ...columns.map((c) => el('th', c.numeric ? { className: 'num' } : null, c.heading)));
  const body = el('tbody', null);
  const appendRows = (from: number, to: number) => {
    const rowsHere = document.createDocumentFragment();
    for (let i = from; i < to; i++) {
      const row = rows[i]!;
      const tr = el('tr', rowOptions?.(row) ?? null);
      for (const c of columns) tr.appendChild(el('td', c.numeric ? { className: 'num' } : null, c.cell(row)));
      rowsHere.appendChild(tr);
    }
    body.appendChild(rowsHere);
  };
  appendRows(0, Math.min(rows.length, FIRST_ROWS));
  const out = el('table', { className: 'pp-table', attrs: { 'data-table': name } }, el('thead', null, head), body);
  if (rows.length > FIRST_ROWS) {
    const foot = el('tfoot', null);
    const button = el('button', {
      className: 'pp-link',
      attrs: { 'data-show-all': name },
      onClick: () => {
        foot.remove();
        // All at once into one fragment: the table is laid out once (in slices per frame, an automatic table
        // layout ran again over every row so far at each frame).
        appendRows(FIRST_ROWS, rows.length);
        out.setAttribute('data-complete', 'true');
      },
    }, `Show all ${rows.length.toLocaleString('en-US')} rows`);
    const cell = el('td', { attrs: { colspan: String(columns.length) } }, `${FIRST_ROWS.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} rows shown. `, button);
    foot.appendChild(el('tr', null, cell));
    out.appendChild(foot);
  }
  return out;
}

/** A short paragraph for "nothing measured here" and similar notes. */
export function note(text: string): HTMLElement {
  return el('p', { className: 'pp-note' }, text);
}
