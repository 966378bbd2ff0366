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
        // FORALL's DML runs its functions once per bound element: as repeated as a loop body
        const repeated = position.forall ?? position.loop;
        if (!repeated || position.handler) return;
        const estimate = repeated.estimate;
        const loopStatement = repeated.statement;
        const what = position.forall ? 'the FORALL' : 'the loop';
        if (resolution.kind === 'standalone') {
          const definition = resolution.definition!;
          const where = definition.file === context.file || definition.file === undefined ? `line ${definition.nameRange.line}` : `${definition.file} line ${definition.nameRange.line}`;
          const inForall = position.forall ? ' (FORALL sends its DML once, but the DML calls the function for every element)' : '';
          context.report(call.nameRange,
            `${call.name} is a standalone ${definition.kind} (${where}); each call pins it in the library cache, ${estimate.text}${inForall}. ` +
            'Put it in a package, or call it once outside the loop.', {
              loop: { estimate, line: loopStatement.range.line },
              related: [
                { file: definition.file === context.file ? undefined : definition.file, range: definition.nameRange, message: `${call.name}: ${describeResolution(resolution)}` },
                { range: loopStatement.headerRange, message: `${what}: ${estimate.text}` },
              ],
            });
        } else if (resolution.kind === 'unresolved' && flagUnresolved && call.parts.length === 1 && call.context !== 'sql') {
          context.report(call.nameRange,
            `${call.name} is not defined in the checked files; if it is a standalone function or procedure, each call pins it in the library cache, ${estimate.text}.`, {
              loop: { estimate, line: loopStatement.range.line },
              severity: 'info',
            });
        }
      },
    };
  },
};
