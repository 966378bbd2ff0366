import { renderCodeClimate } from './codeclimate.ts';
import type { CheckReport, Format, ReportOptions } from '../model.ts';
import { renderJson } from './json.ts';
import { renderMarkdown } from './markdown.ts';
import { renderSarif } from './sarif.ts';
import { renderSonarQube, renderSonarQubeLegacy } from './sonarqube.ts';
import { renderText } from './text.ts';

export function render(format: Format, report: CheckReport, options: ReportOptions, version: string): string {
  switch (format) {
    case 'text':
      return renderText(report, options);
    case 'json':
      return renderJson(report);
    case 'sarif':
      return renderSarif(report, { version, docsBaseUrl: options.docsBaseUrl });
    case 'sonarqube':
      return renderSonarQube(report);
    case 'sonarqube-legacy':
      return renderSonarQubeLegacy(report);
    case 'markdown':
      return renderMarkdown(report, options.docsBaseUrl);
    case 'codeclimate':
      return renderCodeClimate(report);
  }
}
