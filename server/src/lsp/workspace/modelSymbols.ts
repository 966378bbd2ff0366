/**
 * The outline of one parsed script: units with their subprograms and cursors, nested as written (the
 * workspace index keeps a flat list; the outline needs the tree). Only the first conditional-compilation
 * view is used, so a unit with $IF branches is not listed twice.
 */
import type { ParsedScript } from '../../syntax/parseScript.ts';
import type { DeclarationNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import type { IndexedDefinition } from '../analyzerApi.ts';

/** A definition with its children, for the document outline. */
export interface SymbolTree {
  definition: IndexedDefinition;
  children: SymbolTree[];
  /** The procedure or function itself (its parameters and return type, for the outline's detail). */
  subprogram?: SubprogramNode;
}

const unitKinds: Partial<Record<UnitNode['unitKind'], IndexedDefinition['kind']>> = {
  package: 'package',
  'package-body': 'package-body',
  procedure: 'procedure',
  function: 'function',
  trigger: 'trigger',
  type: 'type',
  'type-body': 'type',
};

export function topLevelUnits(script: ParsedScript): UnitNode[] {
  return script.units.flatMap((unit) => unit.views[0] ?? []);
}

function cursorSymbols(declarations: DeclarationNode[], file: string, container: string | undefined): SymbolTree[] {
  return declarations
    .filter((d) => d.declarationKind === 'cursor')
    .map((d) => ({
      definition: { name: qualify(container, d.name), kind: 'cursor', file, range: d.range, nameRange: d.nameRange, container },
      children: [],
    }));
}

function qualify(container: string | undefined, name: string): string {
  return container ? `${container}.${name}` : name;
}

function subprogramSymbols(subprograms: SubprogramNode[], file: string, container: string | undefined, inPackage: boolean): SymbolTree[] {
  return subprograms.map((s) => {
    const name = qualify(container, s.name);
    const kind: IndexedDefinition['kind'] = inPackage ? 'package-member' : s.subprogramKind === 'function' ? 'function' : 'procedure';
    return {
      definition: { name, kind, file, range: s.range, nameRange: s.nameRange, container, memberKind: inPackage ? s.subprogramKind === 'function' ? 'function' : 'procedure' : undefined },
      subprogram: s,
      children: [
        ...cursorSymbols(s.declarations, file, name),
        ...subprogramSymbols(s.subprograms, file, name, false),
      ],
    };
  });
}

export function symbolTrees(script: ParsedScript, file: string): SymbolTree[] {
  const trees: SymbolTree[] = [];
  for (const unit of topLevelUnits(script)) {
    const kind = unitKinds[unit.unitKind];
    if (!kind || !unit.name) continue;
    const isPackage = kind === 'package' || kind === 'package-body' || kind === 'type';
    const inner = unit.subprogram ?? undefined;
    trees.push({
      definition: { name: unit.name, kind, file, range: unit.range, nameRange: unit.nameRange ?? unit.range },
      subprogram: kind === 'procedure' || kind === 'function' ? inner : undefined,
      children: [
        ...cursorSymbols(unit.declarations, file, unit.name),
        ...subprogramSymbols(unit.subprograms, file, unit.name, isPackage),
        ...(inner ? [...cursorSymbols(inner.declarations, file, unit.name), ...subprogramSymbols(inner.subprograms, file, unit.name, false)] : []),
      ],
    });
  }
  return trees;
}
