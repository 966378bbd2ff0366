/**
 * The workspace index the server uses. Seam: the analyzer's WorkspaceIndex (analysis/index/workspaceIndex.ts)
 * replaces the model-based fallback here once it is on main; nothing else in the server names the class.
 */
import type { SymbolIndex } from '../analyzerApi.ts';
import { ModelSymbolIndex } from './modelSymbolIndex.ts';

export function createWorkspaceIndex(): SymbolIndex {
  return new ModelSymbolIndex();
}
