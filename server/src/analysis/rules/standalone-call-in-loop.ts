/**
 * A call inside a loop to a schema-level standalone procedure or function. Each call to a standalone unit
 * pins that foreign object in the library cache (kgiPinObject, kglpnp once per call, seed 000); members of
 * the caller's own package or of a package already instantiated in the session do not pay that per call.
 */
import { describeResolution } from '../semantic/resolveCall.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'standalone-call-in-loop';

export const standaloneCallInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A call inside a loop to a schema-level standalone function or procedure: each call pins the object in the library cache.',
    remedy: 'Move the function into a package (or the calling package), or call it once outside the loop.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const flagUnresolved = context.options.flagUnresolved === true;
    return {
      call({ call, resolution, position }) {
        const loop = position.loop;
        if (!loop || position.handler) return;
        if (resolution.kind === 'standalone') {
          const definition = resolution.definition!;
          const where = definition.file === context.file || definition.file === undefined ? `line ${definition.nameRange.line}` : `${definition.file} line ${definition.nameRange.line}`;
          context.report(call.nameRange,
            `${call.name} is a standalone ${definition.kind} (${where}); each call pins it in the library cache, ${loop.estimate.text}. ` +
            'Put it in a package, or call it once outside the loop.', {
              loop: { estimate: loop.estimate, line: loop.statement.range.line },
              related: [
                { file: definition.file === context.file ? undefined : definition.file, range: definition.nameRange, message: `${call.name}: ${describeResolution(resolution)}` },
                { range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` },
              ],
            });
        } else if (resolution.kind === 'unresolved' && flagUnresolved && call.parts.length === 1 && call.context !== 'sql') {
          context.report(call.nameRange,
            `${call.name} is not defined in the checked files; if it is a standalone function or procedure, each call pins it in the library cache, ${loop.estimate.text}.`, {
              loop: { estimate: loop.estimate, line: loop.statement.range.line },
              severity: 'info',
            });
        }
      },
    };
  },
};
