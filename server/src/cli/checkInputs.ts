/**
 * What a check run reads, for the guard that keeps `--output` off its inputs: the files found, and the folders
 * searched with the test that decides whether a file there is read (a PL/SQL extension or the glob's pattern,
 * outside dot-directories and node_modules, included by the configuration).
 */
import { statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { isCheckedFile, slashes } from './discover.ts';
import type { InputFolder, InputSet } from './safeOutput.ts';

function walked(rel: string): boolean {
  const parts = slashes(rel).split('/');
  return parts.slice(0, -1).every((p) => p !== 'node_modules' && !p.startsWith('.'));
}

export function checkInputs(paths: readonly string[], cwd: string, files: readonly string[], includes: (absolute: string) => boolean): InputSet {
  const folders: InputFolder[] = [];
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    let isDirectory: boolean | undefined;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      isDirectory = undefined;
    }
    if (isDirectory === true) {
      folders.push({ path: absolute, wouldRead: (file) => isCheckedFile(file) && walked(relative(absolute, file)) && includes(file) });
      continue;
    }
    const glob = isDirectory === undefined ? picomatch.scan(given) : undefined;
    if (glob?.isGlob) {
      const root = resolve(cwd, glob.base || '.');
      const matches = picomatch(glob.glob, { dot: false });
      const lastSegment = glob.glob.slice(glob.glob.lastIndexOf('/') + 1);
      const namesExtension = /\.[^*?]*$/.test(lastSegment) || /\.\{/.test(lastSegment);
      folders.push({
        path: root,
        wouldRead: (file) => {
          const rel = slashes(relative(root, file));
          return matches(rel) && (namesExtension || isCheckedFile(file)) && walked(rel) && includes(file);
        },
      });
    }
  }
  return { files, folders };
}
