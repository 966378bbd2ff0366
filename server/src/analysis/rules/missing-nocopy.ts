/**
 * An OUT or IN OUT parameter of a collection or LOB type without NOCOPY (preview, info). Without NOCOPY the
 * value is copied in and out of the subprogram on every call (PLW-07203 flags the same thing); for a large
 * collection that copy can dominate the call. NOCOPY passes a reference, which changes what the caller sees if
 * the subprogram fails half way: a review fix, never applied automatically.
 */
import type { DeclarationNode, ParameterNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'missing-nocopy';
const LOB = /^\s*(N?CLOB|BLOB|XMLTYPE)\b/i;
const COLLECTION = /\b(TABLE\s+OF|VARRAY|VARYING\s+ARRAY)\b/i;

function collectionTypes(declarations: readonly DeclarationNode[], into: Set<string>): void {
  for (const d of declarations) if (d.declarationKind === 'type' && COLLECTION.test(d.typeText ?? '')) into.add(d.name);
}

export const missingNocopy: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'preview',
    summary: 'OUT or IN OUT parameter of a collection or LOB type without NOCOPY: the value is copied in and out on every call.',
    remedy: 'Declare the parameter IN OUT NOCOPY (or OUT NOCOPY) after checking that callers do not rely on the old value surviving an exception.',
    fixKind: 'suggestion',
    docPath: docPathOf(id),
  },
  create(context) {
    const check = (sub: SubprogramNode, types: ReadonlySet<string>) => {
      if (sub.isDeclarationOnly || sub.isCallSpec) return;
      const local = new Set(types);
      collectionTypes(sub.declarations, local);
      for (const parameter of sub.parameters) report(parameter, local);
      for (const nested of sub.subprograms) check(nested, local);
    };
    const report = (parameter: ParameterNode, types: ReadonlySet<string>) => {
      if (parameter.mode === 'in' || parameter.nocopy) return;
      const type = parameter.type.trim();
      const typeName = type.toUpperCase().replace(/^.*\./, '');
      const large = LOB.test(type) ? 'LOB' : types.has(typeName) ? 'collection' : undefined;
      if (!large) return;
      const mode = parameter.mode.toUpperCase();
      const text = context.textIn(parameter.range);
      const at = text.search(new RegExp(`\\b${parameter.mode === 'out' ? 'out' : 'in\\s+out'}\\b`, 'i'));
      const modeEnd = at < 0 ? -1 : at + (/\bin\s+out\b/i.exec(text.slice(at))?.[0].length ?? 3);
      context.report(parameter.range,
        `${parameter.name} is an ${mode} ${large} parameter without NOCOPY: its value is copied in and out on every call. Declare it ${mode} NOCOPY if callers do not need the old value after an exception.`, {
          severity: 'info',
          fix: modeEnd > 0 && parameter.range.line === parameter.range.endLine
            ? { kind: 'suggestion', title: `Pass ${parameter.name} by reference (${mode} NOCOPY)`, edits: [{ range: { line: parameter.range.line, column: parameter.range.column + modeEnd, endLine: parameter.range.line, endColumn: parameter.range.column + modeEnd }, newText: ' NOCOPY' }] }
            : undefined,
        });
    };
    // a package body's parameters use the collection types of its specification (same document)
    const specTypes = new Map<string, Set<string>>();
    return {
      unit(unit: UnitNode) {
        const types = new Set<string>(unit.unitKind === 'package-body' ? specTypes.get(unit.name) ?? [] : []);
        collectionTypes(unit.declarations, types);
        if (unit.unitKind === 'package') specTypes.set(unit.name, types);
        for (const sub of unit.subprograms) check(sub, types);
        if (unit.subprogram) check(unit.subprogram, types);
      },
    };
  },
};
