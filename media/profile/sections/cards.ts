// Finding cards: hypothesis (rule, line, loop) -> measurements -> verdict, with links to the line and the rule
// documentation. Static findings that no card covers are listed after them as "not measured".
import type { FindingCard, ProfileDocument, StaticFinding } from '../../../server/src/profile/profileDocument.ts';
import { formatWithUnit } from '../../../server/src/profile/view/format.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section } from '../dom.ts';

const VERDICT_TEXT: Record<FindingCard['verdict'], string> = {
  confirmed: 'confirmed',
  'not-observed': 'not observed',
  'not-measured': 'not measured',
};

function lineLink(ctx: RenderContext, file: string | undefined, line: number, text: string): HTMLElement {
  return el(
    'button',
    {
      className: 'pp-link',
      title: `Show line ${line}${file ? ` of ${file}` : ''}`,
      attrs: { 'data-line': String(line) },
      onClick: () => ctx.host.openSource(file === undefined ? { line } : { file, line }),
    },
    text,
  );
}

function ruleLink(ctx: RenderContext, rule: string): HTMLElement {
  const open = ctx.host.openRuleDoc?.bind(ctx.host);
  return open
    ? el('button', { className: 'pp-link pp-rule', title: `docs/rules/${rule}.md`, attrs: { 'data-rule': rule }, onClick: () => open(rule) }, rule)
    : el('code', { className: 'pp-rule', title: `docs/rules/${rule}.md`, attrs: { 'data-rule': rule } }, rule);
}

/** "line 14", or "proc_by2.prc line 6" for a line of another file than the profiled one (a called subprogram). */
function lineText(doc: ProfileDocument, file: string | undefined, line: number): string {
  return file !== undefined && file !== doc.source.file ? `${file.split(/[\\/]/).pop()} line ${line}` : `line ${line}`;
}

const findingKey = (doc: ProfileDocument, rule: string | undefined, file: string | undefined, line: number | undefined): string =>
  `${rule}:${file ?? doc.source.file}:${line}`;

function renderCard(ctx: RenderContext, doc: ProfileDocument, card: FindingCard): HTMLElement {
  const h = card.hypothesis;
  return el(
    'article',
    { className: `pp-card pp-verdict-${card.verdict}`, attrs: { 'data-card': card.id, 'data-verdict': card.verdict } },
    el('header', null, el('span', { className: 'pp-badge' }, VERDICT_TEXT[card.verdict]), el('h3', null, card.title)),
    el(
      'p',
      { className: 'pp-hypothesis' },
      h.rule ? ruleLink(ctx, h.rule) : el('span', null, 'session-level'),
      h.line !== undefined ? ' at ' : null,
      h.line !== undefined ? lineLink(ctx, h.file, h.line, lineText(doc, h.file, h.line)) : null,
      h.loop ? `, ${h.loop.text}` : null,
      ': ',
      h.message,
    ),
    card.measurements.length > 0 &&
      el(
        'ul',
        { className: 'pp-measurements' },
        ...card.measurements.map((m) => el('li', null, el('span', { className: 'pp-measure-label' }, m.label), ' ', el('strong', null, formatWithUnit(m.value, m.unit)), el('span', { className: 'pp-muted' }, ` (${m.source}, ${m.run} run)`))),
      ),
    el('p', { className: 'pp-reason' }, card.reason),
  );
}

function uncoveredFindings(doc: ProfileDocument): StaticFinding[] {
  const covered = new Set(doc.cards.map((c) => findingKey(doc, c.hypothesis.rule, c.hypothesis.file, c.hypothesis.line)));
  return doc.staticFindings.filter((f) => !covered.has(findingKey(doc, f.rule, f.file, f.line)));
}

export function renderCards(doc: ProfileDocument, ctx: RenderContext): HTMLElement {
  const rest = uncoveredFindings(doc);
  return section(
    'findings',
    'Findings',
    doc.cards.length === 0 ? note('No finding cards: the profile holds no hypothesis that a measurement could decide.') : el('div', { className: 'pp-cards' }, ...doc.cards.map((c) => renderCard(ctx, doc, c))),
    rest.length > 0 &&
      el(
        'div',
        { attrs: { 'data-list': 'static-findings' } },
        el('h3', null, 'Static hints in the profiled lines without a card'),
        el('ul', { className: 'pp-static' }, ...rest.map((f) => el('li', null, ruleLink(ctx, f.rule), ' at ', lineLink(ctx, f.file ?? doc.source.file, f.line, lineText(doc, f.file, f.line)), `: ${f.message}`))),
      ),
  );
}
