/**
 * Units, subprograms and declarations: the entry point of the model build for one parsed segment.
 */
import { ParserRuleContext } from 'antlr4ng';
import {
  AnonymousBlockContext,
  CreateStatementContext,
  CursorDeclarationContext,
  ExceptionDeclarationContext,
  FunctionDeclarationContext,
  PragmaDeclarationContext,
  ProcedureDeclarationContext,
  SubtypeDeclarationContext,
  TypeDeclarationContext,
  VariableDeclarationContext,
  IslandStatementContext,
  SqlStatementContext,
  type BodyContext,
  type DeclareItemContext,
  type FunctionHeadingContext,
  type ParameterListContext,
  type ProcedureHeadingContext,
  type SegmentContext,
  type SqlplusExecuteContext,
  type SubprogramPropertyContext,
  type TopLevelItemContext,
  type TriggerDefinitionContext,
  type TypeBodyItemContext,
  type TypeElementContext,
  type UnitPropertyContext,
  type CallSpecContext,
} from '../../../parser/generated/PlSqlParser.ts';
import type { DeclarationNode, ParameterNode, StatementNode, SubprogramNode, UnitKind, UnitNode } from '../nodes.ts';
import { BuildContext, normalizeName } from './buildContext.ts';
import { buildSqlStatement, collectCalls, callsOfChain } from './buildSql.ts';
import { buildBody, buildSafely, buildStatementList, type DeclarationBuilder } from './buildStatements.ts';

export function buildDeclarations(bc: BuildContext, items: DeclareItemContext[]): { declarations: DeclarationNode[]; subprograms: SubprogramNode[] } {
  const declarations: DeclarationNode[] = [];
  const subprograms: SubprogramNode[] = [];
  for (const item of items) buildSafely(() => addDeclaration(bc, item, declarations, subprograms));
  return { declarations, subprograms };
}

function addDeclaration(bc: BuildContext, item: DeclareItemContext, declarations: DeclarationNode[], subprograms: SubprogramNode[]): void {
  {
    if (item instanceof ProcedureDeclarationContext) {
      subprograms.push(buildSubprogram(bc, item, item.procedureHeading(), null, item.subprogramProperty(), item.callSpec(), item.declareItem(), item.body()));
      return;
    }
    if (item instanceof FunctionDeclarationContext) {
      const heading = item.functionHeading();
      subprograms.push(buildSubprogram(bc, item, null, heading, heading.subprogramProperty(), item.callSpec(), item.declareItem(), item.body()));
      return;
    }
    const declaration = buildDeclaration(bc, item);
    if (declaration) declarations.push(declaration);
  }
}

const declare: DeclarationBuilder = buildDeclarations;

function declaration(bc: BuildContext, item: ParserRuleContext, declarationKind: DeclarationNode['declarationKind'], nameCtx: ParserRuleContext): DeclarationNode {
  return {
    kind: 'declaration',
    declarationKind,
    name: normalizeName(bc.exactText(nameCtx)),
    range: bc.range(item),
    nameRange: bc.range(nameCtx),
    calls: [],
  };
}

function buildDeclaration(bc: BuildContext, item: DeclareItemContext): DeclarationNode | undefined {
  if (item instanceof VariableDeclarationContext) {
    const node = declaration(bc, item, item.CONSTANT() ? 'constant' : 'variable', item.identifier());
    node.typeText = bc.codeTextOf(item.typeSpec());
    const initial = item.expression();
    if (initial) {
      node.calls = collectCalls(bc, initial, 'expression');
      node.initialText = bc.textOf(initial);
    }
    return node;
  }
  if (item instanceof ExceptionDeclarationContext) return declaration(bc, item, 'exception', item.identifier());
  if (item instanceof TypeDeclarationContext) {
    const node = declaration(bc, item, 'type', item.anyName());
    node.typeText = bc.codeTextOf(item.typeDefinitionKind());
    return node;
  }
  if (item instanceof SubtypeDeclarationContext) {
    const node = declaration(bc, item, 'subtype', item.anyName());
    node.typeText = bc.codeTextOf(item.typeSpec());
    return node;
  }
  if (item instanceof CursorDeclarationContext) {
    const node = declaration(bc, item, 'cursor', item.anyName());
    const query = item.selectStatement();
    if (query) {
      node.query = buildSqlStatement(bc, query);
      node.argumentsText = bc.textOf(query);
    }
    return node;
  }
  if (item instanceof PragmaDeclarationContext) {
    const node = declaration(bc, item, 'pragma', item.identifier());
    node.argumentsText = bc.textOf(item.arguments());
    return node;
  }
  return undefined;
}

function buildParameters(bc: BuildContext, list: ParameterListContext | null): ParameterNode[] {
  if (!list) return [];
  return list.parameter().map((p) => ({
    kind: 'parameter' as const,
    name: normalizeName(bc.exactText(p.anyName())),
    mode: p.OUT() ? (p.IN() ? 'in out' : 'out') : 'in',
    nocopy: p.NOCOPY() !== null,
    type: bc.textOf(p.typeSpec()),
    hasDefault: p.expression() !== null,
    range: bc.range(p),
  }));
}

function propertiesOf(bc: BuildContext, props: (SubprogramPropertyContext | UnitPropertyContext)[]): string[] {
  return props.map((p) => bc.textOf(p).toUpperCase());
}

function buildSubprogram(
  bc: BuildContext,
  whole: ParserRuleContext,
  procedure: ProcedureHeadingContext | null,
  fn: FunctionHeadingContext | null,
  props: SubprogramPropertyContext[],
  callSpec: CallSpecContext | null,
  items: DeclareItemContext[],
  body: BodyContext | null,
  methodKind?: string,
): SubprogramNode {
  const heading = (procedure ?? fn)!;
  const nameParts = heading.anyName();
  const nameCtx = nameParts[nameParts.length - 1]!;
  const { declarations, subprograms } = buildDeclarations(bc, items);
  return {
    kind: 'subprogram',
    subprogramKind: procedure ? 'procedure' : 'function',
    name: normalizeName(bc.exactText(nameCtx)),
    range: bc.range(whole),
    nameRange: bc.range(nameCtx),
    methodKind,
    parameters: buildParameters(bc, heading.parameterList()),
    returnType: fn ? bc.textOf(fn.typeSpec()) : undefined,
    properties: propertiesOf(bc, props),
    isDeclarationOnly: !body && !callSpec,
    isCallSpec: callSpec !== null,
    declarations,
    subprograms,
    body: body ? buildBody(bc, body, declarations, subprograms, declare) : undefined,
  };
}

function emptyUnit(bc: BuildContext, unitKind: UnitKind, range: UnitNode['range']): UnitNode {
  return {
    kind: 'unit',
    unitKind,
    name: '',
    range,
    properties: [],
    declarations: [],
    subprograms: [],
    statements: [],
    conditionalView: bc.conditionalView,
  };
}

function typeElementSubprogram(bc: BuildContext, element: TypeElementContext): SubprogramNode | undefined {
  const method = element.methodSpec();
  if (!method) return undefined;
  // implemented in Java or C by a call spec in the type spec itself: no body to come
  const javaOrC = method.typeCallSpec() !== null;
  const constructor = method.constructorHeading();
  if (constructor) {
    const nameCtx = constructor.anyName();
    return {
      kind: 'subprogram', subprogramKind: 'constructor', name: normalizeName(bc.exactText(nameCtx)), range: bc.range(method),
      nameRange: bc.range(nameCtx), methodKind: 'CONSTRUCTOR', parameters: buildParameters(bc, constructor.parameterList()),
      returnType: 'SELF AS RESULT', properties: [], isDeclarationOnly: !javaOrC, isCallSpec: javaOrC, declarations: [], subprograms: [],
    };
  }
  const fn = method.functionHeading();
  const node = buildSubprogram(bc, method, method.procedureHeading(), fn, fn?.subprogramProperty() ?? [], null, [], null, bc.textOf(method.methodKind()).toUpperCase());
  return javaOrC ? { ...node, isDeclarationOnly: false, isCallSpec: true } : node;
}

function typeBodySubprogram(bc: BuildContext, item: TypeBodyItemContext): SubprogramNode | undefined {
  const constructor = item.constructorHeading();
  if (constructor) {
    const nameCtx = constructor.anyName();
    const { declarations, subprograms } = buildDeclarations(bc, item.declareItem());
    const body = item.body();
    return {
      kind: 'subprogram', subprogramKind: 'constructor', name: normalizeName(bc.exactText(nameCtx)), range: bc.range(item),
      nameRange: bc.range(nameCtx), methodKind: 'CONSTRUCTOR', parameters: buildParameters(bc, constructor.parameterList()),
      returnType: 'SELF AS RESULT', properties: [], isDeclarationOnly: !body, isCallSpec: item.callSpec() !== null,
      declarations, subprograms, body: body ? buildBody(bc, body, declarations, subprograms, declare) : undefined,
    };
  }
  const methodKind = bc.textOf(item.methodKind()).toUpperCase();
  const proc = item.procedureDefinition();
  if (proc) return buildSubprogram(bc, item, proc.procedureHeading(), null, proc.subprogramProperty(), proc.callSpec(), proc.declareItem(), proc.body(), methodKind);
  const fnDef = item.functionDefinition();
  if (fnDef) {
    const heading = fnDef.functionHeading();
    return buildSubprogram(bc, item, null, heading, heading.subprogramProperty(), fnDef.callSpec(), fnDef.declareItem(), fnDef.body(), methodKind);
  }
  return undefined;
}

function buildTrigger(bc: BuildContext, unit: UnitNode, trigger: TriggerDefinitionContext): void {
  const header = trigger.triggerHeaderToken().map((t) => bc.exactText(t).toUpperCase()).join(' ');
  const body = trigger.triggerBody();
  const compound = body.COMPOUND() !== null;
  const timing = compound ? 'compound' : header.startsWith('INSTEAD OF') ? 'instead-of' : header.startsWith('BEFORE') ? 'before' : header.startsWith('AFTER') ? 'after' : 'for';
  const { declarations, subprograms } = buildDeclarations(bc, body.declareItem());
  unit.declarations = declarations;
  unit.subprograms = subprograms;
  const timingPoints = body.timingPointSection().map((section) => {
    const { declarations: d, subprograms: s } = buildDeclarations(bc, section.declareItem());
    const handlers = section.exceptionPart()?.exceptionHandler() ?? [];
    return {
      timing: bc.textOf(section.timingPoint(0)).toUpperCase(),
      body: {
        kind: 'block' as const,
        range: bc.range(section),
        declarations: d,
        subprograms: s,
        statements: buildStatementList(bc, section.seqOfStatements(), declare),
        exceptionHandlers: handlers.map((h) => ({
          kind: 'exception-handler' as const,
          exceptions: h.qualifiedName().map((q) => normalizeName(bc.exactText(q))),
          range: bc.range(h),
          statements: buildStatementList(bc, h.seqOfStatements(), declare),
        })),
      },
    };
  });
  const plainBody = body.body();
  if (plainBody) unit.body = buildBody(bc, plainBody, declarations, subprograms, declare);
  const callChain = body.nameChain();
  if (callChain) unit.statements = [{ kind: 'statement', statementKind: 'call', range: bc.range(body), labels: [], calls: callsOfChain(bc, callChain, 'statement') }];
  unit.trigger = {
    timing,
    rowLevel: /\bFOR EACH ROW\b/.test(header) || timingPoints.some((p) => p.timing.includes('EACH ROW')),
    header,
    timingPoints,
  };
}

function buildCreate(bc: BuildContext, create: CreateStatementContext): UnitNode {
  const createBody = create.createBody();
  const unit = emptyUnit(bc, 'other-ddl', bc.range(create));
  const named = (kind: UnitKind, nameCtx: ParserRuleContext, props: UnitPropertyContext[]) => {
    unit.unitKind = kind;
    unit.name = bc.exactText(nameCtx).split('.').map(normalizeName).join('.');
    unit.nameRange = bc.range(nameCtx);
    unit.properties = propertiesOf(bc, props);
  };
  const spec = createBody.packageSpec();
  if (spec) {
    named('package', spec.qualifiedName(), spec.unitProperty());
    Object.assign(unit, buildDeclarations(bc, spec.declareItem()));
    return unit;
  }
  const pkgBody = createBody.packageBody();
  if (pkgBody) {
    named('package-body', pkgBody.qualifiedName(), pkgBody.unitProperty());
    Object.assign(unit, buildDeclarations(bc, pkgBody.declareItem()));
    const init = pkgBody.initializationPart();
    if (init) unit.body = buildBody(bc, init, [], [], declare);
    return unit;
  }
  const proc = createBody.procedureDefinition();
  const fn = createBody.functionDefinition();
  if (proc || fn) {
    const heading = proc ? proc.procedureHeading() : fn!.functionHeading();
    const subprogram = proc
      ? buildSubprogram(bc, proc, proc.procedureHeading(), null, proc.subprogramProperty(), proc.callSpec(), proc.declareItem(), proc.body())
      : buildSubprogram(bc, fn!, null, fn!.functionHeading(), fn!.functionHeading().subprogramProperty(), fn!.callSpec(), fn!.declareItem(), fn!.body());
    unit.unitKind = proc ? 'procedure' : 'function';
    unit.name = heading.anyName().map((n) => normalizeName(bc.exactText(n))).join('.');
    unit.nameRange = subprogram.nameRange;
    unit.properties = subprogram.properties;
    unit.subprogram = subprogram;
    unit.declarations = subprogram.declarations;
    unit.subprograms = subprogram.subprograms;
    unit.body = subprogram.body;
    return unit;
  }
  const trigger = createBody.triggerDefinition();
  if (trigger) {
    named('trigger', trigger.triggerName(), []);
    buildTrigger(bc, unit, trigger);
    return unit;
  }
  const typeBody = createBody.typeBody();
  if (typeBody) {
    named('type-body', typeBody.qualifiedName(), typeBody.unitProperty());
    unit.subprograms = typeBody.typeBodyItem().map((item) => typeBodySubprogram(bc, item)).filter((s): s is SubprogramNode => !!s);
    return unit;
  }
  const type = createBody.typeDefinition();
  if (type) {
    named('type', type.qualifiedName(), type.unitProperty());
    const elements = type.typeDefinitionBody()?.typeElement() ?? [];
    unit.subprograms = elements.map((e) => typeElementSubprogram(bc, e)).filter((s): s is SubprogramNode => !!s);
    return unit;
  }
  return unit;
}

function buildTopLevel(bc: BuildContext, item: TopLevelItemContext): UnitNode | undefined {
  const child = item.children[0];
  if (child instanceof CreateStatementContext) return buildCreate(bc, child);
  if (child instanceof AnonymousBlockContext) {
    const unit = emptyUnit(bc, 'anonymous-block', bc.range(item));
    const { declarations, subprograms } = buildDeclarations(bc, child.declareItem());
    unit.declarations = declarations;
    unit.subprograms = subprograms;
    unit.body = buildBody(bc, child.body(), declarations, subprograms, declare, bc.range(child));
    unit.body.label = child.label()[0] ? normalizeName(bc.exactText(child.label()[0]!.anyName())) : undefined;
    return unit;
  }
  if (child instanceof SqlStatementContext) {
    const unit = emptyUnit(bc, 'sql-statement', bc.range(item));
    const statement: StatementNode = { kind: 'statement', statementKind: 'sql', range: bc.range(child), labels: [], calls: [], sql: buildSqlStatement(bc, child) };
    unit.statements = [statement];
    return unit;
  }
  if (child instanceof IslandStatementContext) return emptyUnit(bc, 'other-ddl', bc.range(item));
  return undefined;
}

/** Units of one parsed code segment. */
export function buildSegmentModel(bc: BuildContext, tree: SegmentContext): UnitNode[] {
  const units: UnitNode[] = [];
  for (const item of tree.topLevelItem()) {
    const unit = buildSafely(() => buildTopLevel(bc, item));
    if (unit) units.push(unit);
  }
  return units;
}

/** The call of a SQL*Plus EXECUTE line, as a one-statement unit. */
export function buildExecuteModel(bc: BuildContext, tree: SqlplusExecuteContext): UnitNode[] {
  if (!tree.start) return [];
  const statements = tree.seqOfStatements();
  if (statements) {
    // `exec begin ... end;`, `exec select ... into :b from t;`, `exec :a := 1; :b := 2;`: SQL*Plus runs the
    // text as the body of a block, so its statements are the unit's
    const unit = emptyUnit(bc, 'sqlplus-execute', bc.range(tree));
    unit.statements = buildStatementList(bc, statements, declare);
    return [unit];
  }
  const dynamic = tree.EXECUTE() ? tree.expression() : null;
  if (dynamic) {
    const unit = emptyUnit(bc, 'sqlplus-execute', bc.range(tree));
    unit.statements = [{ kind: 'statement', statementKind: 'execute-immediate', range: bc.range(tree), labels: [], calls: collectCalls(bc, dynamic, 'expression'), hasInto: false, bulkCollect: false, usingCount: 0 }];
    return [unit];
  }
  const target = tree.statementTarget();
  if (!target) return [];
  const unit = emptyUnit(bc, 'sqlplus-execute', bc.range(tree));
  const chain = target.nameChain();
  const calls = chain ? callsOfChain(bc, chain, 'statement') : [];
  const expression = tree.expression();
  if (expression) calls.push(...collectCalls(bc, expression, 'expression'));
  unit.statements = [{ kind: 'statement', statementKind: tree.ASSIGN() ? 'assignment' : 'call', range: bc.range(tree), labels: [], calls }];
  return unit ? [unit] : [];
}
