import { codeClimateChunks } from './codeclimate.ts';
import type { CheckReport, Format, ReportOptions } from '../model.ts';
import { gathered } from './jsonChunks.ts';
import { jsonReportChunks } from './json.ts';
import { markdownChunks } from './markdown.ts';
import { sarifChunks } from './sarif.ts';
import { sonarQubeChunks, sonarQubeLegacyChunks } from './sonarqube.ts';
import { textChunks } from './text.ts';

/**
 * The report in chunks of about 64 K characters, made while they are written: a run with 80,000 findings never
 * holds its whole report text (53 MB of JSON, 120 MB of SARIF) nor every finding's output object at once.
 */
export function renderChunks(format: Format, report: CheckReport, options: ReportOptions, version: string): Iterable<string> {
  switch (format) {
    case 'text':
      return gathered(textChunks(report, options));
    case 'json':
      return jsonReportChunks(report);
    case 'sarif':
      return sarifChunks(report, { version, docsBaseUrl: options.docsBaseUrl });
    case 'sonarqube':
      return sonarQubeChunks(report);
    case 'sonarqube-legacy':
      return sonarQubeLegacyChunks(report);
    case 'markdown':
      return gathered(markdownChunks(report, options.docsBaseUrl));
    case 'codeclimate':
      return codeClimateChunks(report);
  }
}

export function render(format: Format, report: CheckReport, options: ReportOptions, version: string): string {
  return [...renderChunks(format, report, options, version)].join('');
}
