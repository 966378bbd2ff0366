/**
 * How the server names files to the analyzer: the path relative to the file's workspace folder (as the CLI
 * does), so rule messages read "by2.fnc line 1", not a URI. Files outside every folder (and unsaved ones)
 * keep their URI. Converted back to URIs only at the LSP boundary, here.
 */
import { isAbsolute, join, relative } from 'node:path';
import { existsSync } from 'node:fs';
import { URI } from '../uri.ts';
import type { WorkspaceFolders } from './workspaceFolders.ts';

export class FileKeys {
  constructor(private readonly folders: WorkspaceFolders) {}

  keyOf(uri: string): string {
    const folder = this.folders.folderOf(uri);
    if (!folder || !uri.startsWith('file:')) return uri;
    return relative(URI.toPath(folder), URI.toPath(uri));
  }

  uriOf(key: string): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(key)) return key;
    if (isAbsolute(key)) return URI.fromPath(key);
    const folders = this.folders.all();
    // Several folders: the one that has the file (a key names a path under one of them).
    const owner = folders.find((f) => existsSync(join(URI.toPath(f), key))) ?? folders[0];
    return owner ? URI.fromPath(join(URI.toPath(owner), key)) : key;
  }
}
