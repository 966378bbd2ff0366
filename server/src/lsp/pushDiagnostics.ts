/**
 * Push diagnostics for clients without pull support: each change restarts a per-document timer (~200 ms,
 * latest wins); a run whose document changed again before it finished publishes nothing (cancelled), so an
 * old result never overwrites a newer one. Every publish carries the version it was computed for.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export class PushDiagnostics {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly compute: (document: TextDocument) => Promise<{ version: number; diagnostics: Diagnostic[] } | undefined>,
    private readonly publish: (uri: string, version: number, diagnostics: Diagnostic[]) => void,
    private readonly debounceMsFor: (uri: string) => Promise<number>,
    private readonly log: (message: string) => void,
  ) {}

  schedule(document: TextDocument, immediately = false): void {
    const generation = (this.generations.get(document.uri) ?? 0) + 1;
    this.generations.set(document.uri, generation);
    clearTimeout(this.timers.get(document.uri));
    const run = () => {
      this.timers.delete(document.uri);
      void this.run(document, generation);
    };
    if (immediately) {
      run();
      return;
    }
    void this.debounceMsFor(document.uri).then((ms) => {
      if (this.generations.get(document.uri) !== generation) return;
      this.timers.set(document.uri, setTimeout(run, ms));
    });
  }

  /** The document closed: drop pending work and clear what was shown. */
  close(uri: string, version: number): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.generations.set(uri, (this.generations.get(uri) ?? 0) + 1);
    this.publish(uri, version, []);
  }

  private async run(document: TextDocument, generation: number): Promise<void> {
    try {
      const result = await this.compute(document);
      if (result && this.generations.get(document.uri) === generation) this.publish(document.uri, result.version, result.diagnostics);
    } catch (error) {
      this.log(`diagnostics for ${document.uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
}
