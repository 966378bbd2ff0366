/**
 * The analyzer's entry point for one document: parse (or take a parse), build the semantic layer in one walk
 * with every enabled rule, and return the findings. Used by the CLI, the language server, the profile
 * command and the benchmarks; imports nothing from any editor.
 */
import { compareFindings, type Finding, type Severity, type SourceRange } from '../syntax/finding.ts';
import { parseScript, type ParsedScript, type ParseOptions } from '../syntax/parseScript.ts';
import type { SimpleStatementNode, SqlStatementNode, StatementNode, SubprogramNode, UnitNode } from '../syntax/model/nodes.ts';
import type { CallGraph } from './index/callGraph.ts';
import { definitionsOfScript, WorkspaceIndex, type IndexedDefinition } from './index/workspaceIndex.ts';
import { sqlFunctionRowContext } from './semantic/rowContexts.ts';

/**
 * What the rules ask of the workspace: the definitions under a name and the keys declared for a table; the
 * call graph where the caller has the whole workspace's (a check run's workers keep only definitions and keys).
 */
export type DefinitionSource = Pick<WorkspaceIndex, 'definitions' | 'keysOf'> & Partial<Pick<WorkspaceIndex, 'has' | 'callGraph'>>;
import { PERFORMANCE_RULES, ruleMeta } from './rules/registry.ts';
import type { Rule, RuleContext, ReportOptions } from './rules/rule.ts';
import { severityForHeat } from './rules/heat.ts';
import { lineStartsOf } from './rules/support/literals.ts';
import { semanticsCollector, type CallSummary, type DocumentSemantics } from './semantic/documentSemantics.ts';
import { applySuppressions } from './suppressions.ts';
import { parserText } from '../parser/testScriptFrame.ts';
import { walkUnits, type ModelVisitor } from './semantic/walk.ts';
import { RAISING_BUILTINS, subprogramAlwaysRaises } from './semantic/leaves.ts';
import { resolveCall } from './semantic/resolveCall.ts';
import { applyRoles, type RoleUnit, type RolesConfig } from './roles/applyRoles.ts';
import { keysOfScript, resolveKeys, type SchemaFact, type TableKey } from './index/schemaKeys.ts';
import { singleRowReason } from './semantic/singleRow.ts';
import { AnswersNow, DOCUMENT_WIDE, ITEM_LOCAL_FINISH, TEXT_FINISH, insideItem, packageMemberOf, placeKey, readsUnchanged, serialise, siblingAlwaysRaises, type ItemCache, type KeptFinding, type KeptItem } from './itemCache.ts';
import { changedSpan, recordAnswer, recordedGraph, recordVerdict, recordSiblingName, unitContext, type Recording, type UnitContext } from './itemRecording.ts';
import { AnswersBefore, contextMoved, lineMapOf, lineStartsAfterEdit, movedReads, movedWithEdit, ResultMover, type LineMap } from './itemMove.ts';
import { movedFrom } from '../syntax/model/rebase.ts';
import { Scope } from './semantic/scope.ts';

export interface RuleSetting {
  enabled?: boolean;
  severity?: Severity;
  options?: Record<string, unknown>;
}

/** Rule settings, as `.plsqlperf.json` and the editor settings give them. */
export interface AnalyzerConfig {
  rules?: Record<string, RuleSetting>;
  /** Per code role: path globs that force the role, and the highest severity of its findings. */
  roles?: RolesConfig;
  /** The directory role path globs are relative to (the configuration file's). */
  baseDir?: string;
}

export interface AnalyzeOptions extends Pick<ParseOptions, 'unitCache'> {
  /** The document's path or URI, as the workspace index knows it. */
  file?: string;
  /** The workspace, for calls into other files; without it only this document is known. */
  index?: DefinitionSource;
  config?: AnalyzerConfig;
  /** A parse of exactly this text that the caller already has (the CLI parses once for index and rules). */
  script?: ParsedScript;
  /** Rules to run besides the built-in ones (tests; later, plugins). */
  extraRules?: readonly Rule[];
  /**
   * The caller hands its parse over and needs only the findings (a check run): each unit's models are dropped
   * from the script as soon as the rules have walked them, and the editor's semantics (loops, resolved calls)
   * are not collected. A file of 16,000 procedures then never holds every model and every summary at once
   * while the rules' findings grow. The returned script has no models left.
   */
  findingsOnly?: boolean;
  /**
   * The open document's kept items (the editor): an unchanged item whose inputs answer as before replays its
   * last results instead of being walked. Results equal a from-scratch analysis's.
   */
  items?: ItemCache;
}

export interface AnalysisResult {
  findings: Finding[];
  lines: number;
  parseMs: number;
  /** Semantic layer and rules. */
  analysisMs: number;
  script: ParsedScript;
  semantics: DocumentSemantics;
}

const severities: Severity[] = ['info', 'warning', 'error'];

/** The configured severity moves the rule's whole scale: heat still raises or lowers it from there. */
function configuredSeverity(computed: Severity, ruleId: string, defaultSeverity: Severity, config: AnalyzerConfig | undefined): Severity {
  const configured = config?.rules?.[ruleId]?.severity;
  if (!configured) return computed;
  const shifted = severities.indexOf(computed) + severities.indexOf(configured) - severities.indexOf(defaultSeverity);
  return severities[Math.max(0, Math.min(2, shifted))]!;
}

function overlaps(a: SourceRange, b: SourceRange): boolean {
  const aStartsAfterB = a.line > b.endLine || (a.line === b.endLine && a.column >= b.endColumn);
  const bStartsAfterA = b.line > a.endLine || (b.line === a.endLine && b.column >= a.endColumn);
  return !aStartsAfterB && !bStartsAfterA;
}

export function analyzeText(source: string, options: AnalyzeOptions = {}): AnalysisResult {
  const text = parserText(source); // lines as parseScript counts them
  const started = performance.now();
  const script = options.script ?? parseScript(text, { unitCache: options.unitCache });
  const parsed = performance.now();
  const config = options.config;
  const file = options.file;
  const namesFopen = /fopen/i.test(text); // utl-file-small-buffer combines items only at a call of UTL_FILE.FOPEN (`idle`)
  // The editor's kept items: valid for the same file, configuration and rules only, and FOPEN named or not (`idle`).
  // a check run (findingsOnly) analyses each text once: nothing to keep
  let cache = options.findingsOnly ? undefined : options.items;
  if (cache) {
    const settingsKey = serialise({ file, config, extra: options.extraRules?.map((r) => r.meta.id), fopen: namesFopen });
    if (settingsKey === undefined) cache = undefined;
    else if (cache.settingsKey !== settingsKey) {
      cache.clear();
      cache.settingsKey = settingsKey;
    }
  }
  // The span the edit changed since the last analysis of this document (kept items, line starts): found once.
  const changed = cache?.text === undefined ? undefined : changedSpan(cache.text, text);
  /** The item being walked with its reads recorded (only while a kept item may come of it). */
  let recording: Recording | undefined;
  /**
   * The document's own definitions with kept items: a line break typed inside a subprogram moves the end of its
   * range and nothing else of it, and every item that looked it up (its callers) asked for it. What a walk reads of a
   * definition is its name, kind, name's place and verdicts, never its range (`range` reads are watched: one made
   * while an item is walked makes that item not kept), so a lookup's answer is recorded and compared without the
   * ranges of this document's definitions (`rangeBlind`), and a replayed call is given the definition as it is now
   * (`withDefinitionsNow`).
   */
  const ownNow = new Set<IndexedDefinition>();
  const keptDefinitions = cache ? ownDefinitionsKept.get(cache) : undefined;
  const definitionsNowKept: IndexedDefinition[] = [];
  /**
   * Whether every definition is the last analysis's object, in the same number: the kept items then hold only current
   * ones (each analysis leaves its kept items with its own definitions: walked, or given them by `withDefinitionsNow`).
   */
  let definitionsAllKept = keptDefinitions !== undefined;
  /** The document's definition number `at`, the last analysis's object when it is the same (replayed calls hold it already). */
  const rangeWatched = (definition: IndexedDefinition, at: number): IndexedDefinition => {
    const was = keptDefinitions?.[at];
    const mine = was !== undefined && sameDefinition(was, definition) ? was : watchRange(definition);
    if (mine !== was) definitionsAllKept = false;
    definitionsNowKept.push(mine);
    ownNow.add(mine);
    return mine;
  };
  const blindAnswers = new Map<readonly IndexedDefinition[], readonly unknown[]>();
  const rangeBlind = (found: readonly IndexedDefinition[]): readonly unknown[] => {
    let blind = blindAnswers.get(found);
    if (!blind) blindAnswers.set(found, (blind = found.map((d) => (ownNow.has(d) ? withoutRange.get(d) : undefined) ?? d)));
    return blind;
  };

  // Definitions of this document itself come first (it may be newer than the index's copy of it).
  const own = new Map<string, IndexedDefinition[]>();
  const ownDefinitions = definitionsOfScript(file ?? '', script);
  if (keptDefinitions?.length !== ownDefinitions.length) definitionsAllKept = false;
  for (let at = 0; at < ownDefinitions.length; at++) {
    const definition = ownDefinitions[at]!;
    const list = own.get(definition.name);
    // with kept items, each of the document's definitions is watched (see `rangeWatched`)
    const mine = cache ? rangeWatched({ ...definition, file: file ?? definition.file }, at) : undefined;
    if (list) list.push(mine ?? definition);
    else own.set(definition.name, [mine ?? { ...definition, file: file ?? definition.file }]);
  }
  const index = options.index;
  // The same few names are looked up thousands of times in a long body: answer each once per document.
  const looked = new Map<string, readonly IndexedDefinition[]>();
  const lookupOnce = (name: string): readonly IndexedDefinition[] => {
    const known = looked.get(name);
    if (known) return known;
    const mine = own.get(name) ?? [];
    const others = index ? index.definitions(name).filter((d) => d.file !== file) : [];
    const found = mine.length === 0 ? others : others.length === 0 ? mine : [...mine, ...others];
    looked.set(name, found);
    return found;
  };
  const lookup = (name: string): readonly IndexedDefinition[] => {
    const found = lookupOnce(name);
    if (recording && !recording.looked.has(name)) {
      recording.looked.add(name);
      recordAnswer(recording, (answer) => ({ kind: 'lookup', name, answer }), rangeBlind(found));
    }
    return found;
  };

  // keys of tables: this document's own DDL first, then the rest of the workspace's
  let ownKeys: Map<string, SchemaFact[]> | undefined;
  const keysOf = (table: string): readonly (TableKey & { file?: string })[] => {
    const found = keysOnce(table);
    if (recording && !recording.tables.has(table)) {
      recording.tables.add(table);
      recordAnswer(recording, (answer) => ({ kind: 'keys', table, answer }), found);
    }
    return found;
  };
  // a simple view of this document has the keys of its base table, wherever that is declared
  const keysOnce = (table: string): readonly (TableKey & { file?: string })[] => resolveKeys(table, factsOf);
  const factsOf = (table: string): readonly (SchemaFact & { file?: string })[] => {
    if (!ownKeys) {
      ownKeys = new Map();
      for (const key of keysOfScript(text, script)) ownKeys.set(key.table, [...(ownKeys.get(key.table) ?? []), key]);
    }
    const mine = ownKeys.get(table) ?? [];
    const others = index ? index.keysOf(table).filter((k) => k.file !== file) : [];
    return others.length === 0 ? mine : [...mine, ...others];
  };

  // a SELECT, or the query of INSERT ... SELECT (its tables after the target; from its WITH clause if any), that fixes a key reads one row
  const singleRowOf = (sql: SqlStatementNode): string | undefined => {
    if (sql.sqlKind === 'select') return singleRowReason(sql, textIn(sql.range), keysOf);
    if (sql.sqlKind !== 'insert') return undefined;
    const statement = textIn(sql.range);
    const select = /\b(?:with|select)\b/i.exec(statement.replace(/'(?:[^']|'')*'/g, (q) => ' '.repeat(q.length)));
    if (!select) return undefined;
    return singleRowReason({ ...sql, sqlKind: 'select', tables: sql.tables.slice(1) }, statement.slice(select.index), keysOf);
  };

  // a column's type, from the CREATE TABLE whose keys the workspace read (not a view's: its key is its base table's)
  const columnTypeOf = (table: string, column: string): string | undefined =>
    keysOf(table).find((key) => key.through === undefined && key.columnTypes !== undefined)?.columnTypes?.[column];

  const callAlwaysRaises = (statement: SimpleStatementNode, scope: Scope): boolean => {
    if (statement.statementKind !== 'call') return false;
    if (RAISING_BUILTINS.has(statement.target ?? '')) return true;
    const call = statement.calls.find((c) => c.context === 'statement');
    if (!call) return false;
    const resolution = resolveCall(call, scope, lookup);
    const sub = resolution.symbol?.subprogram;
    if (sub) {
      // a package member's verdict is the index's (decided first, with the package's members), the answer a kept caller
      // records; not one decided again with the callees the caller's scope finds (`fail;` finds a forward declaration)
      const member = packageMemberOf(script, sub);
      if (member) return (recording && recordVerdict(recording, sub), siblingAlwaysRaises(member, sub));
      // else on the bodies reached; a member reached so is decided with this scope's callees, not as recorded: not kept
      const reached = (found: SubprogramNode | undefined) => (found && recording && (packageMemberOf(script, found) ? (recording.ok = false) : recordVerdict(recording, found)), found);
      return subprogramAlwaysRaises(reached(sub)!, (name) => reached(scope.lookup(name)?.symbol.subprogram));
    }
    const definition = resolution.definition;
    // the body's definition carries the verdict; the spec's does not
    return definition !== undefined && lookup(definition.name).some((d) => d.alwaysRaises === true && d.kind === definition.kind);
  };

  let lineStarts: number[] | undefined;
  /** The text's line starts: the last analysed text's moved by the edit, when there is one (not a scan of the whole text). */
  const lineStartsNow = (): number[] => {
    if (!lineStarts) {
      const before = cache?.lineStarts;
      lineStarts = before && changed && cache!.text !== undefined ? lineStartsAfterEdit(before, cache!.text.length, text, changed) : lineStartsOf(text);
    }
    return lineStarts;
  };
  const textOnce = (range: SourceRange): string => {
    lineStarts = lineStartsNow();
    const start = (lineStarts[range.line - 1] ?? text.length) + range.column - 1;
    const end = (lineStarts[range.endLine - 1] ?? text.length) + range.endColumn - 1;
    return text.slice(start, end);
  };
  const textIn = (range: SourceRange): string => {
    const found = textOnce(range);
    if (recording && !insideItem(range, recording.sub)) recording.reads.push({ kind: 'text', range, answer: found });
    return found;
  };
  const textOfStatement = (statement: StatementNode) => textIn(statement.range);
  // Rules build short ranges from a statement's start (`column + 'SELECT'.length`); code rebuilt by error
  // recovery can start elsewhere, so every reported range is kept inside the text.
  const clamp = (range: SourceRange): SourceRange => {
    lineStarts = lineStartsNow();
    const lineEnd = (line: number) => {
      const start = lineStarts![line - 1]!;
      const next = line < lineStarts!.length ? lineStarts![line]! : text.length + 1;
      const content = text.slice(start, next - 1).replace(/\r$/, '');
      return content.length + 1;
    };
    const lastLine = lineStarts.length;
    const line = Math.min(Math.max(1, range.line), lastLine);
    const column = Math.min(Math.max(1, range.column), lineEnd(line));
    let endLine = Math.min(Math.max(line, range.endLine), lastLine);
    let endColumn = Math.min(Math.max(1, range.endColumn), lineEnd(endLine));
    if (endLine === line && endColumn < column) endColumn = column;
    if (endLine < line) endLine = line;
    return { line, column, endLine, endColumn };
  };

  // The call graph of the workspace, with this document as parsed now (the editor re-indexes after analysing).
  // A check run's worker in its first pass has no workspace graph yet: the document's own graph then.
  const baseGraph = !index?.callGraph || file === undefined
    ? graphOfDocument(file ?? '', script)
    : index.callGraph.isCurrent(file, script) ? index.callGraph : index.callGraph.overlay(file, script, ownDefinitions);
  // with kept items, every question an item's walk asks the graph is recorded with its answer
  const graph = cache ? recordedGraph(baseGraph, () => recording) : baseGraph;
  const hasSyntaxErrorIn = (range: SourceRange): boolean => {
    const answer = script.syntaxErrors.some((e) => overlaps(e, range));
    if (recording) recording.reads.push({ kind: 'syntax', range, answer });
    return answer;
  };
  const graphFile = file ?? '';
  const rowContextOf = (sub: SubprogramNode) => sqlFunctionRowContext(graph, graphFile, sub);

  const ruleFindings: Finding[] = [];
  // findings inside loops over the data dictionary: install-time work in a deployment script
  const overDictionary = new WeakSet<Finding>();
  // findings inside loops over rows the script seeds itself
  const overSeedRows = new WeakSet<Finding>();
  // findings inside loops repeated a number of times given when a script is run by hand (a measurement)
  const countGivenAtRun = new WeakSet<Finding>();
  const failures: Finding[] = [];
  const visitors: ModelVisitor[] = [];
  /** Visitors of rules that combine items or read the whole text: with kept items, a walk of their own over every item. */
  const wholeVisitors: ModelVisitor[] = [];
  const finishers: (() => void)[] = [];
  /** Findings an item-local rule reported in finish(): they belong to the item they lie in. */
  const finishFindings: KeptFinding[] = [];
  let finishing = false;
  for (const rule of [...PERFORMANCE_RULES, ...(options.extraRules ?? [])]) {
    const setting = config?.rules?.[rule.meta.id];
    if (setting?.enabled === false) continue;
    // preview rules of the analyzer run only when the configuration turns them on ("rules": {"output-in-loop": "on"});
    // rules the caller passes in (tests, plugins) run because they were passed
    if (rule.meta.status === 'preview' && setting?.enabled !== true && !options.extraRules?.includes(rule)) continue;
    // utl-file-small-buffer combines items only at a call of UTL_FILE.FOPEN: in a document whose text has none it
    // reports just the small chunks written in a loop, per loop, as the audited per-loop rules do
    const idle = rule.meta.id === 'utl-file-small-buffer' && !namesFopen;
    const wholeDocument = (DOCUMENT_WIDE.has(rule.meta.id) && !idle) || options.extraRules?.includes(rule) === true;
    const finishesPerLoop = ITEM_LOCAL_FINISH.has(rule.meta.id) || idle;
    // its finish() reads the text alone: its reports there are made afresh each time, not kept with an item
    const finishesOverText = TEXT_FINISH.has(rule.meta.id);
    const isolated = isolateRule(rule, setting?.options ?? {}, {
      file, text, textIn, config, clamp, callAlwaysRaises, callGraph: graph, lookup, hasSyntaxErrorIn, singleRowOf, columnTypeOf,
      codeRanges: script.segments.filter((s) => s.kind === 'code' || s.command === 'execute').map((s) => ({ start: s.start, end: s.end })),
      syntaxErrors: script.syntaxErrors,
      onFinding: (f) => ruleFindings.push(f),
      onReport: (f) => {
        if (!cache || wholeDocument) return;
        const kept = { finding: { ...f }, overDictionary: overDictionary.has(f), overSeedRows: overSeedRows.has(f), countGivenAtRun: countGivenAtRun.has(f) };
        if (finishing) {
          if (finishesPerLoop) finishFindings.push(kept);
        } else if (recording) {
          if (insideItem(f, recording.sub)) recording.findings.push(kept);
          else recording.ok = false;
        }
      },
      overDictionary,
      overSeedRows,
      countGivenAtRun,
      onFailure: (f) => failures.push(f),
    });
    if (!isolated) continue;
    // a rule whose finish() is not known to report per item sees every item (a rule with no hooks needs no walk)
    const combines = wholeDocument || (isolated.finishes && !finishesPerLoop && !finishesOverText);
    if (cache && combines) {
      if (Object.keys(isolated.visitor).length > 0) wholeVisitors.push(isolated.visitor);
    } else visitors.push(isolated.visitor);
    finishers.push(isolated.finish);
  }
  const semantics = semanticsCollector();
  if (!options.findingsOnly) visitors.push(semantics.visitor);
  if (cache) {
    // the sibling subprograms a call in an item resolves to: a rule may read their bodies
    visitors.unshift({
      call({ resolution }) {
        const sub = resolution.symbol?.subprogram;
        if (recording && sub) recordSiblingName(recording, sub);
      },
    });
  }

  // tables the script seeds itself: top-level INSERT ... VALUES statements
  const seededTables = new Set<string>();
  for (const parsed of script.units) {
    for (const unit of parsed.views[0] ?? []) {
      const sql = unit.unitKind === 'sql-statement' && unit.statements[0]?.statementKind === 'sql' ? unit.statements[0].sql : undefined;
      if (sql?.sqlKind === 'insert' && sql.tables.length > 0 && /\bVALUES\s*\(/i.test(textIn(sql.range))) {
        seededTables.add(sql.tables[0]!.slice(sql.tables[0]!.lastIndexOf('.') + 1));
      }
    }
  }
  // what the roles need of each unit once its model may be gone
  const roleUnits = roleUnitsOf(script);
  const kept = new Map<SubprogramNode, KeptItem>();
  const walkedItems: { sub: SubprogramNode; item: KeptItem }[] = [];
  const reusedItems: SubprogramNode[] = [];
  let keepItems = false;
  const contexts = new Map<UnitNode, UnitContext>();
  // The text outside a unit is part of every item's context (rules read the whole text). Compared as the span the
  // edit changed since the last analysis, found once: a copy of the text outside each unit per analysis grows with
  // the units times the text.
  const outsideUnchanged = (unit: UnitNode): boolean => {
    if (!changed) return false;
    lineStarts = lineStartsNow();
    const start = (lineStarts[unit.range.line - 1] ?? text.length) + unit.range.column - 1;
    const end = (lineStarts[unit.range.endLine - 1] ?? text.length) + unit.range.endColumn - 1;
    return start <= changed.prefix && text.length - end <= changed.suffix;
  };
  const answers = new AnswersNow({ lookup: (name) => rangeBlind(lookupOnce(name)), keysOf: keysOnce, graph: baseGraph, hasSyntaxErrorIn: (r: SourceRange) => script.syntaxErrors.some((e) => overlaps(e, r)), textIn: textOnce });
  // An item that only moved (a line break typed or deleted above it), or whose reads only moved, is replayed shifted
  // by the edit's line map.
  let lineMap: LineMap | null | undefined;
  let answersBefore: AnswersBefore | undefined;
  let resultMover: ResultMover | undefined;
  let movedItems = 0;
  const movedItem = (sub: SubprogramNode, unit: UnitNode, context: UnitContext): KeptItem | undefined => {
    if (!cache || !changed || cache.text === undefined || cache.lineStarts === undefined) return undefined;
    // the node the last analysis kept: the parser's moved copies lead back to it (a version parsed but not analysed between)
    let old: SubprogramNode | undefined = cache.items.has(sub) ? sub : undefined;
    let at: object = sub;
    for (let step = 0; step < 8 && !old; step++) {
      const origin = movedFrom.get(at);
      if (!origin) return undefined;
      at = origin.from;
      if (cache.items.has(at as SubprogramNode)) old = at as SubprogramNode;
    }
    const previous = old && cache.items.get(old);
    if (!old || !previous) return undefined;
    if (lineMap === undefined) {
      lineStarts = lineStartsNow();
      lineMap = lineMapOf({ length: cache.text.length, lineStarts: cache.lineStarts }, { length: text.length, lineStarts }, changed);
    }
    if (!lineMap || !movedWithEdit(old, sub, lineMap) || !outsideUnchanged(unit) || !unitContextMoved(previous, context, lineMap)) return undefined;
    answersBefore ??= new AnswersBefore(answers, lineMap, graphFile);
    const reads = movedReads(previous, { map: lineMap, file: graphFile, before: answersBefore, now: answers, unit });
    const results = reads && (resultMover ??= new ResultMover(lineMap, graphFile, lookupOnce)).results(previous);
    if (!reads || !results) return undefined;
    return { context: context.key, shape: context.shape, places: context.places, reads, ...results };
  };
  /**
   * Whether a moved item's unit context moved with the edit, asked once per kept context and unit: the items of a
   * unit share their context's places (a package body's declarations: every moved item compared them all again).
   */
  const movedContexts = new Map<readonly SourceRange[], { now: UnitContext; moved: boolean }>();
  const unitContextMoved = (previous: KeptItem, context: UnitContext, map: LineMap): boolean => {
    const known = movedContexts.get(previous.places);
    if (known?.now === context) return known.moved;
    const moved = contextMoved(previous, context.shape, context.places, map);
    movedContexts.set(previous.places, { now: context, moved });
    return moved;
  };
  /**
   * A unit's context with the last analysis's string objects where they are equal: every kept item of the unit is
   * then compared with it by reference (a package body's context holds its declarations' text: 34 KB in
   * pdfgen_pkg.pkb, compared once per unit instead of once per item).
   */
  const keptStrings = (context: UnitContext): UnitContext => {
    const key = cache!.contextKeys.find((k) => k === context.key);
    const shape = cache!.contextShapes.find((k) => k === context.shape);
    return key === undefined && shape === undefined ? context : { ...context, key: key ?? context.key, shape: shape ?? context.shape };
  };
  /**
   * A kept item whose calls resolved to this document's definitions, with the definitions as this analysis has them
   * (the same name, kind and name's place; the range may have moved: `rangeWatched`). Undefined when one is gone.
   */
  const definitionsNow = new Map<IndexedDefinition, IndexedDefinition | null>();
  const definitionNow = (definition: IndexedDefinition): IndexedDefinition | null => {
    let now = definitionsNow.get(definition);
    if (now === undefined) {
      const place = placeKey(definition.nameRange);
      now = lookupOnce(definition.name).find((d) => d.file === definition.file && d.kind === definition.kind && placeKey(d.nameRange) === place) ?? null;
      definitionsNow.set(definition, now);
    }
    return now;
  };
  const withDefinitionsNow = (item: KeptItem | undefined): KeptItem | undefined => {
    if (!item || definitionsAllKept) return item;
    let calls: CallSummary[] | undefined;
    for (let i = 0; i < item.calls.length; i++) {
      const call = item.calls[i]!;
      const definition = call.resolution.definition;
      // (a definition of this analysis is current; another file's is compared whole by the lookup)
      if (!definition || definition.file !== graphFile || ownNow.has(definition)) continue;
      const now = definitionNow(definition);
      if (!now) return undefined;
      if (now === definition) continue;
      calls ??= item.calls.slice();
      calls[i] = { ...call, resolution: { ...call.resolution, definition: now } };
    }
    return calls ? { ...item, calls } : item;
  };
  const replay = (item: KeptItem) => {
    for (const k of item.findings) {
      const finding = { ...k.finding };
      if (k.overDictionary) overDictionary.add(finding);
      if (k.overSeedRows) overSeedRows.add(finding);
      if (k.countGivenAtRun) countGivenAtRun.add(finding);
      ruleFindings.push(finding);
    }
    semantics.result.loops.push(...item.loops);
    semantics.result.calls.push(...item.calls);
  };
  const aroundSubprogram = (sub: SubprogramNode, unit: UnitNode, walk: () => void) => {
    if (!cache || !keepItems) return walk();
    let context = contexts.get(unit);
    if (context === undefined) contexts.set(unit, (context = keptStrings(unitContext(unit, textOnce, seededTables))));
    const previous = cache.items.get(sub);
    const reusable = previous && previous.context === context.key && outsideUnchanged(unit) && readsUnchanged(previous, unit, answers) ? previous : undefined;
    // (an unmoved item too: what it read may have moved, a sibling below the edit)
    const item = withDefinitionsNow(reusable) ?? movedItem(sub, unit, context);
    if (item) {
      replay(item);
      kept.set(sub, item);
      reusedItems.push(sub);
      if (item !== previous) movedItems++;
      return;
    }
    const firstLoop = semantics.result.loops.length;
    const firstCall = semantics.result.calls.length;
    recording = { sub, unit, reads: [], findings: [], ok: true, looked: new Set(), tables: new Set(), siblings: new Set(), asked: new Set() };
    watching.recording = recording;
    try {
      walk();
    } finally {
      const done = recording;
      recording = undefined;
      watching.recording = undefined;
      if (done.ok) {
        const item: KeptItem = { context: context.key, shape: context.shape, places: context.places, reads: done.reads, findings: done.findings, loops: semantics.result.loops.slice(firstLoop), calls: semantics.result.calls.slice(firstCall) };
        kept.set(sub, item);
        walkedItems.push({ sub, item });
      }
    }
  };
  for (const unit of script.units) {
    if (unit.wrapped) continue;
    // only several conditional-compilation views can repeat a loop or a call
    semantics.dedupe = unit.views.length > 1;
    keepItems = unit.views.length === 1;
    for (const view of unit.views) walkUnits(view as UnitNode[], { lookup, textOf: textOfStatement, textIn, keysOf, seededTables, visitors, callAlwaysRaises, rowContextOf, aroundSubprogram });
    // Rules keep what they need of a unit (a loop, a call) in their own state; the rest of the model can go.
    if (options.findingsOnly) unit.views = [];
  }
  if (wholeVisitors.length > 0) {
    for (const unit of script.units) {
      if (unit.wrapped) continue;
      for (const view of unit.views) walkUnits(view as UnitNode[], { lookup, textOf: textOfStatement, textIn, keysOf, seededTables, visitors: wholeVisitors, callAlwaysRaises, rowContextOf });
    }
  }
  finishing = true;
  for (const finish of finishers) finish();
  if (cache) {
    // a per-loop report of finish() belongs to the walked item it lies in; one in a replayed item would be doubled
    let sound = failures.length === 0;
    for (const f of finishFindings) {
      const owner = walkedItems.find((w) => insideItem(f.finding, w.sub));
      if (owner) owner.item.findings.push(f);
      else if (reusedItems.some((sub) => insideItem(f.finding, sub))) sound = false;
    }
    // a rule that failed (or a report it could not place) ends reuse for this analysis: from scratch, nothing kept
    if (!sound) {
      cache.clear();
      return reusedItems.length > 0 ? analyzeText(source, { ...options, items: undefined, script }) : finishResult();
    }
    cache.items = kept;
    ownDefinitionsKept.set(cache, definitionsNowKept);
    cache.lineStarts = lineStartsNow(); // (moved from the last text's: before cache.text is this one)
    cache.contextKeys = [...contexts.values()].map((c) => c.key);
    cache.contextShapes = [...contexts.values()].map((c) => c.shape);
    cache.text = text;
    cache.reused += reusedItems.length;
    cache.moved += movedItems;
    cache.walked += walkedItems.length;
  }
  return finishResult();

  function finishResult(): AnalysisResult {

  const builtins = [...script.syntaxErrors, ...script.notes]
    .filter((f) => config?.rules?.[f.rule]?.enabled !== false)
    .map((f) => {
      const meta = ruleMeta(f.rule);
      return meta ? { ...f, severity: configuredSeverity(f.severity, f.rule, meta.defaultSeverity, config) } : f;
    });
  const placed = applyRoles(ruleFindings, { text, segments: script.segments, units: roleUnits, lineCount: script.lineCount, file, config, overDictionary, overSeedRows, countGivenAtRun });
  const findings = applySuppressions(text, dedupe([...builtins, ...placed, ...failures])).sort(compareFindings);
  const done = performance.now();
  return { findings, lines: script.lineCount, parseMs: parsed - started, analysisMs: done - parsed, script, semantics: semantics.result };
  }
}

/**
 * The open documents' own definitions of their last analysis, in the order `definitionsOfScript` gives them: an
 * unchanged definition at the same number is the same object in the next analysis. Each is range-watched (`watchRange`).
 */
const ownDefinitionsKept = new WeakMap<ItemCache, IndexedDefinition[]>();
/** The item whose walk is being recorded, in whichever analysis runs now (analyses do not interleave). */
const watching: { recording: Recording | undefined } = { recording: undefined };
/** A watched definition without its range (see `rangeWatched` in analyzeText), and its range. */
const withoutRange = new WeakMap<IndexedDefinition, Omit<IndexedDefinition, 'range'>>();
const rangeOf = new WeakMap<IndexedDefinition, SourceRange>();

/** A definition whose range, read while an item is walked, makes that item not kept. */
function watchRange(definition: IndexedDefinition): IndexedDefinition {
  const { range, ...rest } = definition;
  withoutRange.set(definition, rest);
  rangeOf.set(definition, range);
  Object.defineProperty(definition, 'range', {
    enumerable: true,
    get() {
      if (watching.recording) watching.recording.ok = false;
      return range;
    },
  });
  return definition;
}

/** The fields of a definition `sameDefinition` compares (test/analysis/itemCallers.test.ts checks that there are no others). */
export const DEFINITION_FIELDS: readonly (keyof IndexedDefinition)[] = ['name', 'kind', 'file', 'range', 'nameRange', 'container', 'memberKind', 'typeText', 'alwaysRaises', 'fileParameters'];

const samePlace = (a: SourceRange, b: SourceRange) => a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;

/** Whether a kept watched definition holds what a new one holds (one with file handle uses is never kept). */
function sameDefinition(was: IndexedDefinition, d: IndexedDefinition): boolean {
  const range = rangeOf.get(was);
  return range !== undefined && was.name === d.name && was.kind === d.kind && was.file === d.file && samePlace(range, d.range) && samePlace(was.nameRange, d.nameRange)
    && was.container === d.container && was.memberKind === d.memberKind && was.typeText === d.typeText && was.alwaysRaises === d.alwaysRaises
    && was.fileParameters === undefined && d.fileParameters === undefined;
}

/** Each unit of the first view in script order, with its segment: all that roles ask of a unit. */
function roleUnitsOf(script: ParsedScript): RoleUnit[] {
  const units: RoleUnit[] = [];
  for (const parsed of script.units) {
    for (const unit of parsed.views[0] ?? []) units.push({ line: unit.range.line, endLine: unit.range.endLine, unitKind: unit.unitKind, segment: parsed.segment });
  }
  return units;
}

function graphOfDocument(file: string, script: ParsedScript): CallGraph {
  const own = new WorkspaceIndex({ references: false }); // only its call graph is used
  own.updateFromScript(file, script);
  return own.callGraph;
}

/** Several conditional-compilation views of one unit report the same finding once. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.line}:${f.column}:${f.rule}:${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface IsolationEnv {
  file: string | undefined;
  text: string;
  textIn(range: SourceRange): string;
  clamp(range: SourceRange): SourceRange;
  callAlwaysRaises: RuleContext['callAlwaysRaises'];
  codeRanges: RuleContext['codeRanges'];
  lookup(name: string): readonly IndexedDefinition[];
  config: AnalyzerConfig | undefined;
  callGraph: CallGraph;
  syntaxErrors: readonly Finding[];
  hasSyntaxErrorIn(range: SourceRange): boolean;
  singleRowOf: RuleContext['singleRowOf'];
  columnTypeOf: RuleContext['columnTypeOf'];
  onFinding(finding: Finding): void;
  /** Each finding as the rule reports it (before its finish()), complete. */
  onReport(finding: Finding): void;
  overDictionary: WeakSet<Finding>;
  overSeedRows: WeakSet<Finding>;
  countGivenAtRun: WeakSet<Finding>;
  onFailure(finding: Finding): void;
}

/**
 * A rule's visitor wrapped so that an exception in the rule ends that rule for this document only: its
 * findings are dropped, an internal-error finding says which rule failed, and the other rules go on.
 */
function isolateRule(rule: Rule, ruleOptions: Record<string, unknown>, env: IsolationEnv): { visitor: ModelVisitor; finish: () => void; finishes: boolean } | undefined {
  const meta = rule.meta;
  const pending: Finding[] = [];
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    pending.length = 0;
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    env.onFailure({ line: 1, column: 1, endLine: 1, endColumn: 1, rule: 'internal-error', severity: 'error', message: `rule ${meta.id} failed on this file (${detail}); its findings are left out` });
  };
  const context: RuleContext = {
    file: env.file,
    text: env.text,
    callGraph: env.callGraph,
    options: ruleOptions,
    textIn: env.textIn,
    callAlwaysRaises: env.callAlwaysRaises,
    codeRanges: env.codeRanges,
    definitions: env.lookup,
    hasSyntaxErrorIn: env.hasSyntaxErrorIn,
    singleRowOf: env.singleRowOf,
    columnTypeOf: env.columnTypeOf,
    report(reported: SourceRange, message: string, options: ReportOptions = {}) {
      const range = env.clamp(reported);
      const computed = options.severity ?? (options.loop ? severityForHeat(meta.defaultSeverity, options.loop.estimate) : meta.defaultSeverity);
      const finding: Finding = {
        line: range.line, column: range.column, endLine: range.endLine, endColumn: range.endColumn,
        rule: meta.id,
        severity: configuredSeverity(computed, meta.id, meta.defaultSeverity, env.config),
        message,
      };
      if (options.loop) finding.loop = { text: options.loop.estimate.text, iterations: options.loop.estimate.count, line: options.loop.line };
      if (options.related?.length) finding.related = options.related;
      if (options.fix) finding.fix = options.fix;
      if (options.loop?.estimate.overDictionary || options.readsDictionary) env.overDictionary.add(finding);
      if (options.loop?.estimate.overSeedRows) env.overSeedRows.add(finding);
      if (options.loop?.estimate.countGivenAtRun) env.countGivenAtRun.add(finding);
      pending.push(finding);
      env.onReport(finding);
    },
  };
  let created: ReturnType<Rule['create']>;
  try {
    created = rule.create(context);
  } catch (error) {
    fail(error);
    return undefined;
  }
  const visitor: ModelVisitor = {};
  for (const hook of Object.keys(created) as (keyof ModelVisitor)[]) {
    if (hook === ('finish' as string)) continue;
    const fn = created[hook] as ((...args: unknown[]) => void) | undefined;
    if (typeof fn !== 'function') continue;
    // fixed arity (hooks take at most three arguments): no rest-array per call on the hot path
    (visitor as Record<string, unknown>)[hook] = (a: unknown, b: unknown, c: unknown) => {
      if (failed) return;
      try {
        fn.call(created, a, b, c);
      } catch (error) {
        fail(error);
      }
    };
  }
  const finish = () => {
    if (!failed && created.finish) {
      try {
        created.finish();
      } catch (error) {
        fail(error);
      }
    }
    if (!failed) for (const f of pending) env.onFinding(f);
  };
  return { visitor, finish, finishes: typeof created.finish === 'function' };
}
