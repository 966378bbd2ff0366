/**
 * `--max-file-size`: a file above the limit is not read at all and is reported as not checked (an error entry,
 * so the run exits 2), instead of filling the memory until V8 fails with a raw "Invalid string length". The
 * sizes found also decide whether worker threads pay for their start.
 */
import { statSync } from 'node:fs';
import type { SourceFile } from './discover.ts';
import type { FileError } from './model.ts';

export const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** The files within the limit, an error for each one above it, and the total size of those kept. */
export function withinSizeLimit(files: readonly SourceFile[], maxBytes: number): { files: SourceFile[]; errors: FileError[]; totalBytes: number } {
  const kept: SourceFile[] = [];
  const errors: FileError[] = [];
  let totalBytes = 0;
  for (const file of files) {
    let size: number;
    try {
      size = statSync(file.path).size;
    } catch {
      kept.push(file); // reading it reports why it cannot be read
      continue;
    }
    if (size > maxBytes) {
      errors.push({ file: file.display, message: `not checked: the file is ${formatSize(size)}, over the --max-file-size limit of ${formatSize(maxBytes)} (raise it with --max-file-size)` });
      continue;
    }
    totalBytes += size;
    kept.push({ ...file, size });
  }
  return { files: kept, errors, totalBytes };
}
