// Colours for canvases (charts, flame graph), read from the page's CSS variables: inside VS Code they follow
// the editor theme (--vscode-*), in the standalone report the fallbacks in profile.css apply.

export interface Theme {
  foreground: string;
  grid: string;
  /** Series colours, in order. */
  series: string[];
  font: string;
}

const SERIES_FALLBACKS = ['#3794ff', '#d18616', '#388a34', '#f14c4c', '#b180d7', '#cca700'];

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.body).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export function readTheme(): Theme {
  return {
    foreground: cssVar('--pp-fg', '#1f2328'),
    grid: cssVar('--pp-grid', 'rgba(128,128,128,0.25)'),
    series: SERIES_FALLBACKS.map((fallback, i) => cssVar(`--pp-chart-${i + 1}`, fallback)),
    font: cssVar('--pp-font', 'system-ui, sans-serif'),
  };
}
