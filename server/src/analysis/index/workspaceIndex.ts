/**
 * The workspace index: what every PL/SQL file of the project defines (packages and their members, standalone
 * procedures and functions, types, triggers) and which names it calls. Call resolution asks it whether `BY2`
 * is a standalone function in another file or `PKG.P` a member of a package in the workspace.
 *
 * Built once per CLI run from the parsed files; the editor updates one file at a time (`update` re-indexes
 * only that file; the name table is rebuilt lazily on the next lookup, which is a pass over definitions, not
 * over source text).
 */
import { movedFrom } from '../../syntax/model/rebase.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import type { CallNode, DeclarationNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import { parseScript, type ParsedScript } from '../../syntax/parseScript.ts';
import { subprogramAlwaysRaises } from '../semantic/leaves.ts';
import { keysOfScript, resolveKeys, type SchemaFact, type TableKey } from './schemaKeys.ts';
import { CallGraph, graphOfScript, type FileGraph } from './callGraph.ts';
import { ranksOf, withFileEntries } from './fileOrder.ts';
import { fileParameterUses, unitSubprogramResolver, type FileParameterUse, type SubprogramResolver } from '../semantic/fileHandleFlow.ts';

export type DefinitionKind = 'package' | 'package-body' | 'procedure' | 'function' | 'package-member' | 'type' | 'type-member' | 'trigger' | 'cursor';

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
  /** For package variables, constants, types and subtypes: the declared type as written (rules follow it to a built-in type). */
  typeText?: string;
  /** A procedure whose every path ends in RAISE (an assertion or error helper): a call to it leaves a loop. */
  alwaysRaises?: true;
  /** For subprograms with a body: the UTL_FILE handle parameters they write (utl-file-small-buffer follows the handle). */
  fileParameters?: FileParameterUse[];
  /** A method of an object type declared in its type body, with its code (the specification only declares it). */
  implemented?: true;
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
  keys: SchemaFact[];
}

/** A primary or unique key the workspace's DDL declares, with the file that declares it. */
export interface IndexedKey extends TableKey {
  file: string;
}

/** What one file contributes to the index (plain data: it crosses threads and goes into the check cache). */
export interface IndexEntries {
  definitions: IndexedDefinition[];
  /** Call sites; a worker that only resolves calls needs none. */
  references?: IndexedReference[];
  /** The primary and unique keys the file's DDL declares, and its simple views. */
  keys?: SchemaFact[];
  /** The file's part of the call graph. */
  graph?: FileGraph;
}

/** Last part of a possibly schema-qualified unit name: `APP.BY2` -> `BY2`. */
export function unqualified(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

export interface WorkspaceIndexOptions {
  /**
   * Keep each file's call sites (default true). Only the editor's find-references lists them; a check run never
   * does, and collecting them walked every node of every model (a tenth of the main thread of a 60-file cold
   * check). An index made without them refuses `references()` rather than answer "no caller".
   */
  references?: boolean;
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileEntry>();
  private readonly keepsReferences: boolean;
  private byName: Map<string, IndexedDefinition[]> | undefined;
  private byReference: Map<string, IndexedReference[]> | undefined;
  private byTable: Map<string, (SchemaFact & { file: string })[]> | undefined;
  private resolvedKeys = new Map<string, IndexedKey[]>();
  private indexMs = 0;
  /** Who calls whom, and what each subprogram does (SQL, commits, autonomous transactions). */
  readonly callGraph = new CallGraph((name) => this.definitions(name), (file) => this.definitionsIn(file));
  /** Positions of the files in `files`: a name's definitions are listed in this order. */
  private ranks: Map<string, number> | undefined;

  constructor(options: WorkspaceIndexOptions = {}) {
    this.keepsReferences = options.references ?? true;
  }

  /** (Re)indexes one file from its text. */
  update(file: string, text: string): void {
    const started = performance.now();
    const script = parseScript(text);
    this.indexMs += performance.now() - started;
    this.updateFromScript(file, script, text);
  }

  /**
   * (Re)indexes one file from a parse the caller already has (the CLI parses each file once). With the text,
   * the keys its DDL declares are indexed too.
   */
  updateFromScript(file: string, script: ParsedScript, text?: string): void {
    const started = performance.now();
    const previous = this.files.get(file)?.definitions ?? [];
    const entry = {
      definitions: definitionsOfScript(file, script),
      references: this.keepsReferences ? referencesOfScript(file, script) : [],
      keys: text === undefined ? [] : keysOfScript(text, script),
    };
    if (!this.files.has(file)) this.ranks = undefined;
    this.files.set(file, entry);
    this.replaceNames(file, previous, entry.definitions);
    this.byReference = undefined;
    this.byTable = undefined;
    this.indexMs += performance.now() - started;
    this.callGraph.updateFile(file, script, { current: entry.definitions, previous });
  }

  /**
   * The name table after one file's definitions changed: only the names it defines or defined are listed again
   * (an editor re-indexes the document on every keystroke; the table holds the whole workspace).
   */
  private replaceNames(file: string, previous: readonly IndexedDefinition[], current: readonly IndexedDefinition[]): void {
    const table = this.byName;
    if (!table) return;
    const fresh = new Map<string, IndexedDefinition[]>();
    for (const definition of current) {
      const list = fresh.get(definition.name);
      if (list) list.push(definition);
      else fresh.set(definition.name, [definition]);
    }
    const names = new Set([...previous.map((d) => d.name), ...fresh.keys()]);
    this.ranks ??= ranksOf(this.files.keys());
    const ranks = this.ranks;
    for (const name of names) {
      const list = withFileEntries(table.get(name) ?? [], file, fresh.get(name) ?? [], (d) => d.file, (f) => ranks.get(f) ?? Infinity);
      if (list.length > 0) table.set(name, list);
      else table.delete(name);
    }
  }

  /** (Re)indexes one file from entries indexed elsewhere (a worker thread, or a cache of an earlier run). */
  updateFromEntries(file: string, entries: IndexEntries): void {
    if (!this.files.has(file)) this.ranks = undefined;
    this.files.set(file, { definitions: entries.definitions, references: entries.references ?? [], keys: entries.keys ?? [] });
    this.byName = undefined;
    this.byReference = undefined;
    this.byTable = undefined;
    if (entries.graph) this.callGraph.setFileGraph(file, entries.graph);
    else this.callGraph.removeFile(file);
  }

  remove(file: string): void {
    if (this.files.delete(file)) {
      this.ranks = undefined;
      this.byName = undefined;
      this.byReference = undefined;
      this.byTable = undefined;
    }
    this.callGraph.removeFile(file);
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

  /** The call sites of one file, in the order the file holds them. */
  referencesIn(file: string): readonly IndexedReference[] {
    return this.files.get(file)?.references ?? [];
  }

  /** Every definition in the workspace (workspace symbols). */
  allDefinitions(): IndexedDefinition[] {
    return [...this.files.values()].flatMap((f) => f.definitions);
  }

  /** Call sites whose callee is written as `name` or ends with it (`PKG.PROC` also finds `APP.PKG.PROC`). */
  references(name: string): IndexedReference[] {
    if (!this.keepsReferences) throw new Error('this workspace index was made without call sites (references: false)');
    return this.referenceTable().get(name) ?? [];
  }

  /** The primary and unique keys declared for a table (normalised name without schema) anywhere in the workspace. */
  keysOf(table: string): IndexedKey[] {
    if (!this.byTable) {
      this.resolvedKeys.clear();
      const byTable = new Map<string, (SchemaFact & { file: string })[]>();
      for (const [file, entry] of this.files) {
        for (const key of entry.keys) {
          const list = byTable.get(key.table);
          if (list) list.push({ ...key, file });
          else byTable.set(key.table, [{ ...key, file }]);
        }
      }
      this.byTable = byTable;
    }
    const known = this.resolvedKeys.get(table);
    if (known) return known;
    const byTable = this.byTable;
    // a simple view has its base table's keys (views of other files resolve here; the file's own in analyze)
    const keys = resolveKeys(table, (name) => byTable.get(name) ?? []) as IndexedKey[];
    this.resolvedKeys.set(table, keys);
    return keys;
  }

  get stats(): { files: number; definitions: number; ms: number; callGraphMs: number } {
    let definitions = 0;
    for (const entry of this.files.values()) definitions += entry.definitions.length;
    return { files: this.files.size, definitions, ms: Math.round(this.indexMs * 10) / 10, callGraphMs: this.callGraph.ms };
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
  return { definitions: definitionsOfScript(file, script), references: referencesOfScript(file, script) };
}

/** Every call site of a script (the first view of each unit). */
function referencesOfScript(file: string, script: ParsedScript): IndexedReference[] {
  const references: IndexedReference[] = [];
  for (const parsed of script.units) for (const unit of parsed.views[0] ?? []) collectReferences(file, unit, references);
  return references;
}

/** Everything a file contributes to the index, as plain data (a worker thread sends it, the check cache keeps it). */
export function entriesOfScript(file: string, script: ParsedScript, text: string): Required<IndexEntries> {
  return { ...indexScript(file, script), keys: keysOfScript(text, script), graph: graphOfScript(file, script) };
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
  if (unit.subprogram && subprogramAlwaysRaises(unit.subprogram, () => undefined)) definition.alwaysRaises = true;
  const standaloneUses = kind === 'procedure' || kind === 'function' ? fileUses(unit.subprogram) : undefined;
  if (standaloneUses) definition.fileParameters = standaloneUses;
  out.push(definition);
  if (kind === 'type') {
    // A static method is called by the type's name (`money_t.zero()`): the call resolves to the method (its
    // declaration in the specification and its code in the body), which go to definition, references and the call
    // hierarchy show. A type member is no package member: a call of one still resolves as a type's (resolveCall.ts).
    for (const sub of unit.subprograms) out.push(memberOfType(file, name, sub, unit.unitKind === 'type-body'));
    return;
  }
  if (kind !== 'package' && kind !== 'package-body') return;
  const members = new Map(unit.subprograms.map((s) => [s.name, s]));
  // a member calls another as `raise_error` or `pkg.raise_error`
  const sibling = (target: string) => {
    const dot = target.indexOf('.');
    if (dot < 0) return members.get(target);
    return target.slice(0, dot) === name ? members.get(target.slice(dot + 1)) : undefined;
  };
  for (const sub of unit.subprograms) {
    const member = memberOfSubprogram(file, name, sub);
    if (subprogramAlwaysRaises(sub, sibling)) member.alwaysRaises = true;
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

function memberOfType(file: string, type: string, sub: SubprogramNode, implemented: boolean): IndexedDefinition {
  const member: IndexedDefinition = {
    name: `${type}.${sub.name}`,
    kind: 'type-member',
    file,
    range: sub.range,
    nameRange: sub.nameRange,
    container: type,
    memberKind: sub.subprogramKind === 'function' ? 'function' : 'procedure',
  };
  if (implemented) member.implemented = true;
  return member;
}

function memberOfDeclaration(file: string, container: string, declaration: DeclarationNode): IndexedDefinition | undefined {
  if (declaration.declarationKind === 'pragma') return undefined;
  const member: IndexedDefinition = {
    name: `${container}.${declaration.name}`,
    kind: declaration.declarationKind === 'cursor' ? 'cursor' : 'package-member',
    file,
    range: declaration.range,
    nameRange: declaration.nameRange,
    container,
    memberKind: declaration.declarationKind,
  };
  if (declaration.typeText !== undefined && declaration.declarationKind !== 'cursor' && declaration.declarationKind !== 'exception') member.typeText = declaration.typeText;
  return member;
}

/**
 * The calls under each subprogram node, by file: the editor re-indexes a document on every keystroke, and a package
 * item the parser gave back unchanged at the same place is the same node (nodes are never changed), so only the
 * edited items are walked again.
 */
const referencesOfSubprogram = new WeakMap<object, { file: string; references: IndexedReference[] }>();

/**
 * The calls of a subprogram the parser copied to other lines (`movedFrom`: a line break typed above it), from the
 * calls of the node it was copied from, moved by the same lines: every place in the copy moved so. Undefined when
 * that node's calls are not known (it is then walked).
 */
function movedReferences(sub: SubprogramNode, file: string): IndexedReference[] | undefined {
  let lineDelta = 0;
  let at: object = sub;
  for (let step = 0; step < 8; step++) {
    const origin = movedFrom.get(at);
    if (!origin) return undefined;
    lineDelta += origin.lineDelta;
    at = origin.from;
    const known = referencesOfSubprogram.get(at);
    if (known?.file === file) {
      return known.references.map(({ name, range }) => ({
        name, file, range: { line: range.line + lineDelta, column: range.column, endLine: range.endLine + lineDelta, endColumn: range.endColumn },
      }));
    }
  }
  return undefined;
}

/** Every call of the unit, in any subprogram, block or SQL statement. */
function collectReferences(file: string, unit: UnitNode, out: IndexedReference[]): void {
  const visit = (call: CallNode, into: IndexedReference[]) => {
    if (call.parts.some((p) => p.endsWith('()'))) return; // a method of a call's result
    into.push({ name: call.name, file, range: call.nameRange });
  };
  // A nested subprogram is listed by its parent and by the parent's block, and a standalone procedure or function
  // holds its declarations, nested subprograms and body both as the unit's and as its subprogram's: each call is
  // taken once (find references listed them twice).
  const walk = (node: object, into: IndexedReference[]) => {
    const taken = new Set<SubprogramNode>();
    forEachCall(node, (call) => visit(call, into), (sub) => {
      if (taken.has(sub)) return;
      taken.add(sub);
      let known = referencesOfSubprogram.get(sub);
      if (known?.file !== file) {
        const references = movedReferences(sub, file);
        if (references) known = { file, references };
        else {
          known = { file, references: [] };
          walk(sub, known.references);
        }
        referencesOfSubprogram.set(sub, known);
      }
      // (references are never changed once made: the index shares them between its versions of the file)
      for (const reference of known.references) into.push(reference);
    });
  };
  walk(unit.subprogram ?? unit, out);
}

/**
 * Visits every call node under a unit (a shallow generic walk: the index needs no scopes). With `subprogram`, a
 * subprogram node below the start is handed to it instead of walked.
 */
export function forEachCall(node: unknown, visit: (call: CallNode) => void, subprogram?: (sub: SubprogramNode) => void): void {
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
    if (subprogram && record.kind === 'subprogram' && value !== node) {
      subprogram(record as unknown as SubprogramNode);
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
