// What every section renderer gets: the colours, the host (VS Code panel or standalone report), and the hooks
// to run once the page is in the document (charts size themselves from their boxes).
import type { PageUiState, SourceTarget } from '../../server/src/profile/contract/panelMessages.ts';
import type { Theme } from './theme.ts';

/** The part of the page that differs between the VS Code panel and the standalone report. */
export interface PageHost {
  openSource(target: SourceTarget): void;
  /** A link to the rule's documentation, or plain text where the host cannot open it. */
  openRuleDoc?(rule: string): void;
  saveUi(ui: PageUiState): void;
}

export interface RenderContext {
  theme: Theme;
  host: PageHost;
  ui: PageUiState;
  afterAttach: (() => void)[];
  disposables: { destroy(): void }[];
}
