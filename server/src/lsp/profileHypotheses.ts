/**
 * Answers ProfileHypothesesRequest: the profiled lines' findings from the same analysis the editor shows (the
 * document's cached analysis, with the workspace index), and, when the block calls a subprogram, the findings
 * inside that subprogram: in the same document, or in the workspace file the index says defines it (open: the
 * editor's text; else the saved file).
 */
import { readFileSync } from 'node:fs';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { findCalledUnit, hypothesesIn, unitsOfScript, type UnitLines } from '../profile/hypotheses.ts';
import type { StaticFinding } from '../profile/profileDocument.ts';
import type { AnalyzerConfig, IndexedDefinition, WorkspaceIndex } from './analyzerApi.ts';
import { analyzeDocument, type EditorAnalysis } from './analyzeDocument.ts';
import type { ProfileHypothesesParams, ProfileHypothesesResult } from './protocol.ts';
import { URI } from './uri.ts';

export interface HypothesesContext {
  document: TextDocument;
  analysisOf(document: TextDocument): Promise<EditorAnalysis>;
  openDocument(uri: string): TextDocument | undefined;
  configFor(uri: string): Promise<AnalyzerConfig | undefined>;
  keyOf(uri: string): string;
  uriOf(key: string): string;
  index: WorkspaceIndex;
  log(message: string): void;
}

const SUBPROGRAM_KINDS = new Set(['procedure', 'function']);

/** The index's definition of a called name: SCHEMA.PKG.PROC, PKG.PROC or BY2 (the longest known suffix wins). */
function definitionOf(index: WorkspaceIndex, subprogram: string): IndexedDefinition | undefined {
  const parts = subprogram.toUpperCase().replace(/"/g, '').split('.');
  for (let i = 0; i < parts.length; i++) {
    const candidates = index.definitions(parts.slice(i).join('.'))
      .filter((d) => SUBPROGRAM_KINDS.has(d.kind) || (d.kind === 'package-member' && (d.memberKind === 'procedure' || d.memberKind === 'function')));
    // A package member is declared in the spec and defined in the body: the body's range is the larger one.
    const best = candidates.sort((a, b) => (b.range.endLine - b.range.line) - (a.range.endLine - a.range.line))[0];
    if (best) return best;
  }
  return undefined;
}

export async function profileHypotheses(params: ProfileHypothesesParams, ctx: HypothesesContext): Promise<ProfileHypothesesResult> {
  const { document } = ctx;
  const analysis = await ctx.analysisOf(document);
  const text = document.getText();
  const units = unitsOfScript(analysis.script);
  const findings: StaticFinding[] = hypothesesIn(analysis.findings, text, params);
  const result: ProfileHypothesesResult = { version: 1, documentVersion: document.version, findings, units };
  if (!params.subprogram) return result;

  const local = findCalledUnit(units, params.subprogram);
  if (local) {
    result.calledUnit = local;
    findings.push(...hypothesesIn(analysis.findings, text, local).filter((f) => f.line < params.startLine || f.line > params.endLine));
    return result;
  }
  const definition = definitionOf(ctx.index, params.subprogram);
  const ownKey = ctx.keyOf(document.uri);
  if (!definition || definition.file === ownKey) return result;
  const uri = ctx.uriOf(definition.file);
  const open = ctx.openDocument(uri);
  let other: EditorAnalysis;
  let otherText: string;
  if (open) {
    other = await ctx.analysisOf(open);
    otherText = open.getText();
  } else {
    const config = await ctx.configFor(uri);
    if (!config) return result; // the project excludes that file: the editor shows no findings for it either
    otherText = readFileSync(URI.toPath(uri), 'utf8');
    other = analyzeDocument(otherText, { file: definition.file, index: ctx.index, config, updateIndex: 'no', unitCache: false, log: ctx.log });
  }
  const called: UnitLines = { name: definition.name, startLine: definition.range.line, endLine: definition.range.endLine, file: definition.file };
  result.calledUnit = called;
  findings.push(...hypothesesIn(other.findings, otherText, called, definition.file));
  units.push(...unitsOfScript(other.script).map((u) => ({ ...u, file: definition.file })));
  return result;
}
