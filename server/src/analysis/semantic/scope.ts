/**
 * Scopes and symbols: what a name means at a point of the code. Package members, nested subprograms,
 * locals, parameters, cursors, types and loop iterators, innermost first, the way PL/SQL resolves names.
 * `l_tab(i)` is an element of a collection when `L_TAB` is a variable here, not a call.
 */
import type { DeclarationNode, ParameterNode, Range, SubprogramNode } from '../../syntax/model/nodes.ts';
import { evaluateNumber, typeLength } from './constants.ts';

export type SymbolKind = 'variable' | 'constant' | 'parameter' | 'cursor' | 'type' | 'subtype' | 'exception' | 'subprogram' | 'iterator';

export interface ScopeSymbol {
  name: string;
  kind: SymbolKind;
  range: Range;
  declaration?: DeclarationNode;
  subprogram?: SubprogramNode;
  parameter?: ParameterNode;
}

export type ScopeOwner = 'unit' | 'package' | 'subprogram' | 'block' | 'loop';

export class Scope {
  private readonly symbols = new Map<string, ScopeSymbol>();

  constructor(
    readonly parent: Scope | undefined,
    readonly owner: ScopeOwner,
    /** Set on the scope of a package spec or body: the package's normalised name. */
    readonly packageName?: string,
    /** Set on the scope of an object type spec or body: its attributes and methods are in scope unqualified. */
    readonly objectType?: string,
  ) {}

  define(symbol: ScopeSymbol): void {
    // the first declaration wins: a subprogram's forward declaration and its body share one name
    if (!this.symbols.has(symbol.name)) this.symbols.set(symbol.name, symbol);
  }

  defineDeclarations(declarations: readonly DeclarationNode[]): void {
    for (const declaration of declarations) {
      if (declaration.declarationKind === 'pragma') continue;
      this.define({ name: declaration.name, kind: declaration.declarationKind, range: declaration.nameRange, declaration });
    }
  }

  defineSubprograms(subprograms: readonly SubprogramNode[]): void {
    for (const subprogram of subprograms) this.define({ name: subprogram.name, kind: 'subprogram', range: subprogram.nameRange, subprogram });
  }

  defineParameters(parameters: readonly ParameterNode[]): void {
    for (const parameter of parameters) this.define({ name: parameter.name, kind: 'parameter', range: parameter.range, parameter });
  }

  /** The symbol a simple name denotes here, with the scope that declares it. */
  lookup(name: string): { symbol: ScopeSymbol; scope: Scope } | undefined {
    const symbol = this.symbols.get(name);
    return symbol ? { symbol, scope: this } : this.parent?.lookup(name);
  }

  /** The package whose body or spec encloses this scope. */
  get enclosingPackage(): string | undefined {
    return this.packageName ?? this.parent?.enclosingPackage;
  }

  /** The object type whose body or spec encloses this scope. */
  get enclosingObjectType(): string | undefined {
    return this.objectType ?? this.parent?.enclosingObjectType;
  }

  /** The numeric value of a constant or initialised variable visible here (simple constant propagation). */
  valueOf = (name: string, depth = 0): number | undefined => {
    const found = this.lookup(name);
    const initial = found?.symbol.declaration?.initialText;
    if (!found || initial === undefined) return undefined;
    const declaringScope = found.scope;
    return evaluateNumber(initial, (n) => declaringScope.valueOf(n, depth + 1), depth + 1);
  };

  /** The declared length of a RAW/VARCHAR2 variable visible here: `l_buffer RAW(4000)` -> 4000. */
  lengthOf(name: string): number | undefined {
    const found = this.lookup(name);
    const declaration = found?.symbol.declaration;
    if (!declaration) return undefined;
    return typeLength(declaration.typeText, (n) => found.scope.valueOf(n));
  }
}
