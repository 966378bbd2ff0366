// The hypotheses of a profile. They come from the language server (ProfileHypothesesRequest): the same
// analysis the editor shows, with the workspace index, so a call to a standalone function of another file
// and a called subprogram defined elsewhere in the workspace are known. When the server cannot answer (not
// running, or the document is not one it analyses), the document alone is analysed and the profile says so.
import { analyzeText } from '../../../../server/src/analysis/analyze.ts';
import { findCalledUnit, hypothesesIn, unitsOfScript, type UnitLines } from '../../../../server/src/profile/hypotheses.ts';
import type { StaticFinding } from '../../../../server/src/profile/profileDocument.ts';
import { ProfileHypothesesRequest, type ProfileHypothesesParams, type ProfileHypothesesResult } from '../../../../server/src/lsp/protocol.ts';
import type { ProfileTarget } from './blockSelection.ts';

export type { UnitLines };

export interface TargetFindings {
  findings: StaticFinding[];
  units: UnitLines[];
  /** Set when the findings do not come from the editor's analysis: why, for the profile's notes. */
  note?: string;
}

/** The one call the extension makes to the language client (narrow, so tests can pass a real LSP connection). */
export interface HypothesesSource {
  sendRequest(method: string, params: ProfileHypothesesParams): Promise<ProfileHypothesesResult | null>;
}

export function hypothesesParams(uri: string, target: ProfileTarget): ProfileHypothesesParams {
  const params: ProfileHypothesesParams = { uri, startLine: target.startLine, endLine: target.endLine };
  if (target.subprogram !== undefined) params.subprogram = target.subprogram;
  return params;
}

/** The document's findings as the editor has them; undefined when the server gave none for this version. */
export async function findingsFromServer(source: HypothesesSource, uri: string, documentVersion: number, target: ProfileTarget): Promise<TargetFindings | undefined> {
  const result = await source.sendRequest(ProfileHypothesesRequest, hypothesesParams(uri, target));
  if (!result || result.version !== 1 || result.documentVersion !== documentVersion) return undefined;
  return { findings: result.findings, units: result.units };
}

/**
 * The fallback: the analyzer on this document alone, without the workspace index. Calls into other files are
 * not resolved, so hints that need them (a standalone function defined elsewhere) are missing.
 */
export function findingsForTarget(documentText: string, target: ProfileTarget, file?: string): TargetFindings {
  const result = analyzeText(documentText, file === undefined ? {} : { file });
  const units = unitsOfScript(result.script);
  const findings = hypothesesIn(result.findings, documentText, target);
  const calledUnit = target.subprogram ? findCalledUnit(units, target.subprogram) : undefined;
  if (calledUnit) findings.push(...hypothesesIn(result.findings, documentText, calledUnit).filter((f) => f.line < target.startLine || f.line > target.endLine));
  return { findings, units };
}
