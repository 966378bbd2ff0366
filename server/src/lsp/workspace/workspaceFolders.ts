/** The client's workspace folders, kept current, and which folder a document belongs to (the longest prefix). */
import type { WorkspaceFolder } from 'vscode-languageserver';

export class WorkspaceFolders {
  private folders: string[] = [];

  set(folders: WorkspaceFolder[] | null | undefined, rootUri?: string | null): void {
    this.folders = (folders?.map((f) => f.uri) ?? (rootUri ? [rootUri] : [])).map((u) => u.replace(/\/$/, ''));
  }

  change(added: WorkspaceFolder[], removed: WorkspaceFolder[]): void {
    const gone = new Set(removed.map((f) => f.uri.replace(/\/$/, '')));
    this.folders = [...this.folders.filter((f) => !gone.has(f)), ...added.map((f) => f.uri.replace(/\/$/, ''))];
  }

  all(): string[] {
    return [...this.folders];
  }

  folderOf(uri: string): string | undefined {
    return this.folders.filter((f) => uri.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
  }
}
