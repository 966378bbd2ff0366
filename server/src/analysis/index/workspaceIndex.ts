/**
 * The workspace index: what every PL/SQL file of the project defines (packages and their members, standalone
 * procedures and functions, types, triggers) and which names it calls. Call resolution asks it whether `BY2`
 * is a standalone function in another file or `PKG.P` a member of a package in the workspace.
 *
 * Built once per CLI run from the parsed files; the editor updates one file at a time (`update` re-indexes
 * only that file; the name table is rebuilt lazily on the next lookup, which is a pass over definitions, not
 * over source text).
 */
import type { SourceRange } from '../../syntax/finding.ts';
import type { CallNode, DeclarationNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import { parseScript, type ParsedScript } from '../../syntax/parseScript.ts';
import { fileParameterUses, unitSubprogramResolver, type FileParameterUse, type SubprogramResolver } from '../semantic/fileHandleFlow.ts';

export type DefinitionKind = 'package' | 'package-body' | 'procedure' | 'function' | 'package-member' | 'type' | 'trigger' | 'cursor';

export interface IndexedDefinition {
  /** Normalised name: `BY2`, `PKG`, `PKG.PROC` (members carry their package's name). */
  name: string;
  kind: DefinitionKind;
  file: string;
  range: SourceRange;
  nameRange: SourceRange;
  /** The package of a member. */
  container?: string;
  /** For package members: procedure, function, cursor, variable, type, ... */
  memberKind?: 'procedure' | 'function' | 'cursor' | 'variable' | 'constant' | 'type' | 'subtype' | 'exception';
  /** For subprograms with a body: the UTL_FILE handle parameters they write (utl-file-small-buffer follows the handle). */
  fileParameters?: FileParameterUse[];
}

export interface IndexedReference {
  /** The callee as written, normalised: `BY2`, `PKG.PROC`, `SCHEMA.BY2`. */
  name: string;
  file: string;
  range: SourceRange;
}

interface FileEntry {
  definitions: IndexedDefinition[];
  references: IndexedReference[];
}

/** Last part of a possibly schema-qualified unit name: `APP.BY2` -> `BY2`. */
export function unqualified(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileEntry>();
  private byName: Map<string, IndexedDefinition[]> | undefined;
  private byReference: Map<string, IndexedReference[]> | undefined;
  private indexMs = 0;

  /** (Re)indexes one file from its text. */
  update(file: string, text: string): void {
    const started = performance.now();
    const script = parseScript(text);
    this.indexMs += performance.now() - started;
    this.updateFromScript(file, script);
  }

  /** (Re)indexes one file from a parse the caller already has (the CLI parses each file once). */
  updateFromScript(file: string, script: ParsedScript): void {
    const started = performance.now();
    this.files.set(file, indexScript(file, script));
    this.byName = undefined;
    this.byReference = undefined;
    this.indexMs += performance.now() - started;
  }

  remove(file: string): void {
    if (this.files.delete(file)) {
      this.byName = undefined;
      this.byReference = undefined;
    }
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  get fileNames(): string[] {
    return [...this.files.keys()];
  }

  /** Definitions under a normalised name (`BY2`, `PKG`, `PKG.PROC`; schema prefixes are not needed). */
  definitions(name: string): IndexedDefinition[] {
    return this.nameTable().get(name) ?? [];
  }

  definitionsIn(file: string): IndexedDefinition[] {
    return this.files.get(file)?.definitions ?? [];
  }

  /** Every definition in the workspace (workspace symbols). */
  allDefinitions(): IndexedDefinition[] {
    return [...this.files.values()].flatMap((f) => f.definitions);
  }

  /** Call sites whose callee is written as `name` or ends with it (`PKG.PROC` also finds `APP.PKG.PROC`). */
  references(name: string): IndexedReference[] {
    return this.referenceTable().get(name) ?? [];
  }

  get stats(): { files: number; definitions: number; ms: number } {
    let definitions = 0;
    for (const entry of this.files.values()) definitions += entry.definitions.length;
    return { files: this.files.size, definitions, ms: Math.round(this.indexMs * 10) / 10 };
  }

  private nameTable(): Map<string, IndexedDefinition[]> {
    if (this.byName) return this.byName;
    const started = performance.now();
    const table = new Map<string, IndexedDefinition[]>();
    for (const entry of this.files.values()) {
      for (const definition of entry.definitions) {
        const list = table.get(definition.name);
        if (list) list.push(definition);
        else table.set(definition.name, [definition]);
      }
    }
    this.byName = table;
    this.indexMs += performance.now() - started;
    return table;
  }

  private referenceTable(): Map<string, IndexedReference[]> {
    if (this.byReference) return this.byReference;
    const table = new Map<string, IndexedReference[]>();
    const add = (key: string, reference: IndexedReference) => {
      const list = table.get(key);
      if (list) list.push(reference);
      else table.set(key, [reference]);
    };
    for (const entry of this.files.values()) {
      for (const reference of entry.references) {
        const parts = reference.name.split('.');
        // every suffix: `APP.PKG.P` is a reference to `PKG.P` and to `P` written with a schema
        for (let i = 0; i < parts.length; i++) add(parts.slice(i).join('.'), reference);
      }
    }
    this.byReference = table;
    return table;
  }
}

export function indexScript(file: string, script: ParsedScript): { definitions: IndexedDefinition[]; references: IndexedReference[] } {
  const references: IndexedReference[] = [];
  for (const parsed of script.units) for (const unit of parsed.views[0] ?? []) collectReferences(file, unit, references);
  return { definitions: definitionsOfScript(file, script), references };
}

/** What a script defines (its units and their members), without its call sites. */
export function definitionsOfScript(file: string, script: ParsedScript): IndexedDefinition[] {
  const definitions: IndexedDefinition[] = [];
  // the first view holds every branch of conditional compilation where that parses
  for (const parsed of script.units) for (const unit of parsed.views[0] ?? []) indexUnit(file, unit, definitions);
  return definitions;
}

const unitKinds: Partial<Record<UnitNode['unitKind'], DefinitionKind>> = {
  package: 'package',
  'package-body': 'package-body',
  procedure: 'procedure',
  function: 'function',
  type: 'type',
  'type-body': 'type',
  trigger: 'trigger',
};

function indexUnit(file: string, unit: UnitNode, out: IndexedDefinition[]): void {
  const kind = unitKinds[unit.unitKind];
  if (!kind || !unit.name) return;
  const name = unqualified(unit.name);
  const nameRange = unit.nameRange ?? unit.range;
  let resolver: SubprogramResolver | undefined;
  const fileUses = (sub: SubprogramNode | undefined): FileParameterUse[] | undefined => {
    if (!sub?.body || !sub.parameters.some((p) => /\bFILE_TYPE\b/i.test(p.type))) return undefined;
    const uses = fileParameterUses(sub, (resolver ??= unitSubprogramResolver(unit)));
    return uses.length > 0 ? uses : undefined;
  };
  const definition: IndexedDefinition = { name, kind, file, range: unit.range, nameRange };
  const standaloneUses = kind === 'procedure' || kind === 'function' ? fileUses(unit.subprogram) : undefined;
  if (standaloneUses) definition.fileParameters = standaloneUses;
  out.push(definition);
  if (kind !== 'package' && kind !== 'package-body') return;
  for (const sub of unit.subprograms) {
    const member = memberOfSubprogram(file, name, sub);
    const uses = fileUses(sub);
    if (uses) member.fileParameters = uses;
    out.push(member);
  }
  for (const declaration of unit.declarations) {
    const member = memberOfDeclaration(file, name, declaration);
    if (member) out.push(member);
  }
}

function memberOfSubprogram(file: string, container: string, sub: SubprogramNode): IndexedDefinition {
  return {
    name: `${container}.${sub.name}`,
    kind: 'package-member',
    file,
    range: sub.range,
    nameRange: sub.nameRange,
    container,
    memberKind: sub.subprogramKind === 'function' ? 'function' : 'procedure',
  };
}

function memberOfDeclaration(file: string, container: string, declaration: DeclarationNode): IndexedDefinition | undefined {
  if (declaration.declarationKind === 'pragma') return undefined;
  return {
    name: `${container}.${declaration.name}`,
    kind: declaration.declarationKind === 'cursor' ? 'cursor' : 'package-member',
    file,
    range: declaration.range,
    nameRange: declaration.nameRange,
    container,
    memberKind: declaration.declarationKind,
  };
}

/** Every call of the unit, in any subprogram, block or SQL statement. */
function collectReferences(file: string, unit: UnitNode, out: IndexedReference[]): void {
  forEachCall(unit, (call) => {
    if (call.parts.some((p) => p.endsWith('()'))) return; // a method of a call's result
    out.push({ name: call.name, file, range: call.nameRange });
  });
}

/** Visits every call node under a unit (a shallow generic walk: the index needs no scopes). */
export function forEachCall(node: unknown, visit: (call: CallNode) => void): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.kind === 'call') {
      visit(record as unknown as CallNode);
      return;
    }
    for (const key in record) {
      if (key === 'range' || key === 'nameRange' || key === 'headerRange') continue;
      const child = record[key];
      if (child !== null && typeof child === 'object') walk(child);
    }
  };
  walk(node);
}
