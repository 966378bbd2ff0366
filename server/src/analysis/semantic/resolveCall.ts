/**
 * Call resolution: what a call site calls. Local (nested) subprogram, a member of the same package, a member
 * of another package in the workspace, a schema-level standalone procedure or function in the workspace, an
 * Oracle-supplied name, an element of a collection variable, a type constructor, or unresolved.
 */
import type { SourceRange } from '../../syntax/finding.ts';
import type { CallNode } from '../../syntax/model/nodes.ts';
import type { IndexedDefinition } from '../index/workspaceIndex.ts';
import { isBuiltinFunction, isSuppliedPackage } from './oracleSupplied.ts';
import type { Scope, ScopeSymbol } from './scope.ts';

export type ResolutionKind =
  | 'local'
  | 'same-package'
  | 'other-package'
  | 'standalone'
  | 'oracle-supplied'
  | 'collection-element'
  | 'variable-member'
  | 'cursor'
  | 'type'
  | 'unresolved';

export interface CallResolution {
  kind: ResolutionKind;
  /** The workspace definition, when the callee is defined in an indexed file. */
  definition?: IndexedDefinition;
  /** The local symbol, for nested subprograms, variables and cursors. */
  symbol?: ScopeSymbol;
}

/** Definitions by normalised name: the current document first, then the rest of the workspace. */
export type DefinitionLookup = (name: string) => readonly IndexedDefinition[];

const STANDALONE_KINDS = new Set(['procedure', 'function']);
const PACKAGE_KINDS = new Set(['package', 'package-body']);

function first(definitions: readonly IndexedDefinition[], kinds: ReadonlySet<string>): IndexedDefinition | undefined {
  return definitions.find((d) => kinds.has(d.kind)) ;
}

function packageMember(lookup: DefinitionLookup, packageName: string, member: string): IndexedDefinition | undefined {
  const definitions = lookup(`${packageName}.${member}`).filter((d) => d.kind !== 'type-member');
  // prefer the body's definition (it has the code) but any will do
  return definitions.find((d) => d.container === packageName) ?? definitions[0];
}

function isPackage(lookup: DefinitionLookup, name: string): IndexedDefinition | undefined {
  return first(lookup(name), PACKAGE_KINDS);
}

/** `inner` is a place inside `outer` (a declaration inside a subprogram's text). */
function encloses(outer: SourceRange | undefined, inner: SourceRange): boolean {
  if (!outer) return false;
  const after = (a: number, b: number, c: number, d: number) => a > c || (a === c && b >= d);
  return after(inner.line, inner.column, outer.line, outer.column) && after(outer.endLine, outer.endColumn, inner.endLine, inner.endColumn);
}

/** `inner` is a scope nested (at any depth) in `outer`, not `outer` itself. */
function declaredInside(inner: Scope, outer: Scope): boolean {
  for (let scope = inner.parent; scope; scope = scope.parent) if (scope === outer) return true;
  return false;
}

export function resolveCall(call: CallNode, scope: Scope, lookup: DefinitionLookup): CallResolution {
  const parts = call.parts;
  if (parts.some((p) => p.endsWith('()'))) return { kind: 'variable-member' }; // a method of a call's result
  const head = parts[0]!;
  const local = scope.lookup(head);
  const currentPackage = scope.enclosingPackage;

  if (parts.length === 1) {
    if (local) {
      const symbol = local.symbol;
      switch (symbol.kind) {
        case 'subprogram':
          // package-level subprograms are in the package's own scope
          return { kind: local.scope.packageName ? 'same-package' : 'local', symbol, definition: currentPackage && local.scope.packageName ? packageMember(lookup, currentPackage, head) : undefined };
        case 'cursor':
          return { kind: 'cursor', symbol };
        case 'type':
        case 'subtype':
          return { kind: 'type', symbol };
        case 'exception':
          return { kind: 'unresolved', symbol };
        default:
          return { kind: 'collection-element', symbol };
      }
    }
    if (currentPackage) {
      const member = packageMember(lookup, currentPackage, head);
      if (member) return { kind: member.memberKind === 'cursor' ? 'cursor' : 'same-package', definition: member };
    }
    // SQL resolves an unqualified built-in name (COUNT, UPPER, ...) to the built-in even when a schema
    // function has the same name; so does the analyzer, in PL/SQL too (a workspace of demo scripts defines COUNT).
    if (isBuiltinFunction(head)) return { kind: 'oracle-supplied' };
    const standalone = first(lookup(head), STANDALONE_KINDS);
    if (standalone) return { kind: 'standalone', definition: standalone };
    // inside an object type, a bare name is an attribute or method of SELF unless it is declared elsewhere
    if (scope.enclosingObjectType) return { kind: 'variable-member' };
    const type = lookup(head).find((d) => d.kind === 'type');
    if (type) return { kind: 'type', definition: type };
    return { kind: 'unresolved' };
  }

  // Two or more parts: variable.member, pkg.member, schema.standalone, schema.pkg.member, type.method.
  if (head === 'SELF') return { kind: 'variable-member' };
  if (local) {
    if (local.symbol.kind === 'cursor') return { kind: 'cursor', symbol: local.symbol };
    // `proc.l_ids.extend` inside PROC: a local qualified by the name of the subprogram that declares it (PL/SQL
    // allows it; the call, if any, is of what follows), not a call of PROC
    const qualified = scope.lookup(parts[1]!);
    if (local.symbol.kind === 'subprogram' && qualified && declaredInside(qualified.scope, local.scope) && encloses(local.symbol.subprogram?.range, qualified.symbol.range)) {
      return resolveCall({ ...call, parts: parts.slice(1) }, scope, lookup);
    }
    if (local.symbol.kind === 'subprogram') return { kind: local.scope.packageName ? 'same-package' : 'local', symbol: local.symbol };
    return { kind: 'variable-member', symbol: local.symbol };
  }
  const second = parts[1]!;
  if (currentPackage && head === currentPackage) {
    const member = packageMember(lookup, currentPackage, second);
    return { kind: 'same-package', definition: member };
  }
  const member = packageMember(lookup, head, second);
  if (member) return { kind: member.container === currentPackage ? 'same-package' : 'other-package', definition: member };
  const pkg = isPackage(lookup, head);
  if (pkg) return { kind: 'other-package', definition: pkg };
  if (isSuppliedPackage(head)) return { kind: 'oracle-supplied' };
  // schema.pkg.member
  if (parts.length >= 3) {
    const schemaMember = packageMember(lookup, second, parts[2]!);
    if (schemaMember) return { kind: schemaMember.container === currentPackage ? 'same-package' : 'other-package', definition: schemaMember };
    const schemaPackage = isPackage(lookup, second);
    if (schemaPackage) return { kind: 'other-package', definition: schemaPackage };
    if (isSuppliedPackage(second)) return { kind: 'oracle-supplied' };
  }
  // schema.standalone: `head` is no known package, so it names a schema
  if (parts.length === 2) {
    const standalone = first(lookup(second), STANDALONE_KINDS);
    if (standalone) return { kind: 'standalone', definition: standalone };
    if (isSuppliedPackage(second) || (head === 'SYS' && isBuiltinFunction(second))) return { kind: 'oracle-supplied' };
  }
  const type = lookup(head).find((d) => d.kind === 'type');
  if (type) {
    // `T.STATIC_METHOD(...)`: the method, its code first (the type body), when the workspace declares it
    const methods = lookup(`${head}.${second}`).filter((d) => d.kind === 'type-member');
    return { kind: 'type', definition: methods.find((d) => d.implemented) ?? methods[0] ?? type };
  }
  return { kind: 'unresolved' };
}

/** How a resolution reads in a hover or a message. */
export function describeResolution(resolution: CallResolution): string {
  const where = resolution.definition ? ` defined in ${resolution.definition.file} line ${resolution.definition.nameRange.line}` : '';
  switch (resolution.kind) {
    case 'local': return 'a nested (local) subprogram';
    case 'same-package': return `a subprogram of the same package${where}`;
    case 'other-package': return `a member of package ${resolution.definition?.container ?? resolution.definition?.name ?? ''}${where}`;
    case 'standalone': return `a schema-level standalone ${resolution.definition?.kind ?? 'subprogram'}${where}`;
    case 'oracle-supplied': return 'Oracle-supplied (STANDARD built-in or supplied package)';
    case 'collection-element': return 'an element of a collection variable, not a call';
    case 'variable-member': return 'a field or method of a variable';
    case 'cursor': return 'a cursor';
    case 'type': return resolution.definition?.kind === 'type-member' ? `a method of object type ${resolution.definition.container ?? ''}${where}` : `a type constructor or method${where}`;
    case 'unresolved': return 'not found in the workspace (unresolved)';
  }
}
