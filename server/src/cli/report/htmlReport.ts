/**
 * The HTML report: the profile page with its script, style and chart library inlined, the view embedded as
 * JSON, and a CSP that allows exactly that script and style (by hash) and nothing from the network.
 */
import { createHash } from 'node:crypto';
import type { ProfileView } from '../../profile/contract/panelMessages.ts';
import { jsonForScriptTag, pageShell, REPORT_DATA_ID } from '../../profile/view/pageShell.ts';
import type { PageAssets } from './pageAssets.ts';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `</script` inside the inlined bundle would end its element early; `<\/` means the same in JavaScript. */
function inlineSafeScript(script: string): string {
  return script.replace(/<\/(script)/gi, '<\\/$1');
}

export function reportTitle(view: ProfileView): string {
  return view.kind === 'single' ? `PL/SQL profile: ${view.doc.source.file ?? 'untitled block'}` : 'PL/SQL profile comparison';
}

export function htmlReport(view: ProfileView, assets: PageAssets): string {
  const script = inlineSafeScript(assets.script);
  // CSS has no escape that keeps `</style` meaning the same; our stylesheet never contains it.
  if (/<\/style/i.test(assets.style)) throw new Error('the page style contains </style and cannot be inlined');
  const style = assets.style;
  const csp = ["default-src 'none'", 'img-src data:', `style-src ${sha256(style)}`, `script-src ${sha256(script)}`].join('; ');
  return pageShell({
    csp,
    title: reportTitle(view),
    head: `<style>${style}</style>`,
    tail: `<script type="application/json" id="${REPORT_DATA_ID}">${jsonForScriptTag(view)}</script>\n<script>${script}</script>`,
  });
}
