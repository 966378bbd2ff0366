/**
 * Problems of a `.plsqlperf.json` made visible: diagnostics in the file itself (cleared when it is fixed or
 * removed) and one warning message per distinct set of problems, with "Open file" (window/showMessageRequest,
 * so every LSP client shows it, not only VS Code). The same broken file read again for every open document
 * does not repeat the message.
 */
import { DiagnosticSeverity, type Connection, type Diagnostic } from 'vscode-languageserver';
import type { LoadedProjectConfig } from '../projectConfig.ts';
import { SOURCE } from '../diagnostics.ts';
import { URI } from '../uri.ts';

export const OPEN_FILE = 'Open file';

export class ProjectConfigProblems {
  /** Per config file URI: what was last published and last announced. */
  private readonly published = new Map<string, string>();
  private readonly announced = new Map<string, string>();

  constructor(private readonly connection: Pick<Connection, 'sendDiagnostics' | 'window'>, private readonly log: (message: string) => void) {}

  report(loaded: LoadedProjectConfig): void {
    const uri = URI.fromPath(loaded.path);
    const diagnostics: Diagnostic[] = loaded.problems.map((p) => ({
      range: p.range,
      severity: p.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      source: SOURCE,
      code: 'config',
      message: p.message,
    }));
    const signature = JSON.stringify(diagnostics);
    if ((this.published.get(uri) ?? '[]') !== signature) {
      this.published.set(uri, signature);
      void this.connection.sendDiagnostics({ uri, diagnostics });
    }
    if (diagnostics.length === 0 && !loaded.error) {
      this.announced.delete(uri);
      return;
    }
    if (this.announced.get(uri) === signature) return;
    this.announced.set(uri, signature);
    void this.announce(uri, loaded);
  }

  private async announce(uri: string, loaded: LoadedProjectConfig): Promise<void> {
    const name = loaded.path.slice(loaded.path.lastIndexOf('/') + 1);
    const errors = loaded.problems.filter((p) => p.severity === 'error');
    const first = errors[0] ?? loaded.problems[0];
    const where = first ? ` (line ${first.range.start.line + 1}: ${first.message})` : loaded.error ? ` (${loaded.error})` : '';
    const count = loaded.problems.length > 1 ? `${loaded.problems.length} problems` : 'a problem';
    const consequence = loaded.error
      ? `${loaded.keptLastValid ? 'The last valid configuration' : 'The default configuration'} is used until it is fixed.`
      : 'Unknown rules are ignored; the rest of the file applies.';
    try {
      const chosen = await this.connection.window.showWarningMessage(`plsql-perf: ${name} has ${count}${where}. ${consequence}`, { title: OPEN_FILE });
      if (chosen?.title === OPEN_FILE) {
        await this.connection.window.showDocument({ uri, takeFocus: true, selection: first?.range });
      }
    } catch (error) {
      this.log(`showing the problems of ${loaded.path} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
