/** The include/exclude globs of a project configuration, as a predicate on absolute file paths. */
import { relative, sep } from 'node:path';
import picomatch from 'picomatch';
import type { ProjectConfig } from './analyzerConfig.ts';

export type FileFilter = (absolutePath: string) => boolean;

/**
 * Globs match the path relative to the configuration's directory, with forward slashes. A file outside that
 * directory matches no glob: it is checked unless `include` is set.
 */
export function fileFilter(config: Pick<ProjectConfig, 'baseDir' | 'include' | 'exclude'>): FileFilter {
  const options = { dot: true };
  const included = config.include.length > 0 ? picomatch(config.include, options) : undefined;
  const excluded = config.exclude.length > 0 ? picomatch(config.exclude, options) : undefined;
  return (absolutePath) => {
    const rel = relative(config.baseDir, absolutePath).split(sep).join('/');
    if (excluded?.(rel)) return false;
    return included === undefined || included(rel);
  };
}
