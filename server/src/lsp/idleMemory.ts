/**
 * Gives memory back once the editor goes quiet. A burst of edits grows V8's heap with the transient parses of
 * every version (token streams, parse trees, models assembled and dropped); what the server keeps afterwards is
 * small, but V8 collects lazily and keeps the grown heap, so the process stayed at its peak while idle. One full
 * collection a few seconds after the last analysis returns it (the soak benchmark measures the RSS after 30 s
 * idle). V8's `gc` is reached by setting its flag at run time, so the server needs no command-line option.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

function fullCollection(): (() => void) | null {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  return collect;
}

export class IdleCollector {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly quietMs = 3000) {}

  /** Work was done: collect once nothing more happened for the quiet time. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => fullCollection()?.(), this.quietMs);
    this.timer.unref();
  }
}
