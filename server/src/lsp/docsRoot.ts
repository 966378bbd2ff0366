/**
 * The rule pages ship as docs/rules/ at the package root, one level above both entry scripts
 * (dist/server.cjs in the extension, bin/plsql-perf.mjs in the npm package).
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function docsRootNextTo(entryScript: string | undefined): string {
  let script = entryScript ?? process.cwd();
  try {
    script = realpathSync(script);
  } catch {
    // keep the path as given: the pages are then simply not found
  }
  return join(dirname(script), '..', 'docs', 'rules');
}
