/**
 * Tables keyed by name whose lists run in the workspace's file order (each file's entries in its own order): the
 * index's definitions, the call graph's subprograms and SQL call sites. When one file changes, only the lists of
 * the names it defines (or defined) change; this rebuilds such a list as a full rebuild would, without visiting
 * the other names.
 */

/**
 * `list` with the entries of `file` replaced by `fresh`, placed where the file's turn comes (`rankOf`: a file's
 * position in the table's file order, Infinity for a file the order does not hold yet: it comes last).
 */
export function withFileEntries<T>(
  list: readonly T[],
  file: string,
  fresh: readonly T[],
  fileOf: (entry: T) => string,
  rankOf: (file: string) => number,
): T[] {
  const rank = rankOf(file);
  const out: T[] = [];
  let placed = fresh.length === 0;
  for (const entry of list) {
    const entryFile = fileOf(entry);
    if (entryFile === file) continue;
    if (!placed && rankOf(entryFile) > rank) {
      out.push(...fresh);
      placed = true;
    }
    out.push(entry);
  }
  if (!placed) out.push(...fresh);
  return out;
}

/** Positions of the keys of a map in its iteration (insertion) order. */
export function ranksOf(keys: Iterable<string>): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const key of keys) ranks.set(key, ranks.size);
  return ranks;
}

/**
 * The words of a name, without quotes, upper case: `app."Pkg".get_rate` -> APP, PKG, GET_RATE. A call can only
 * look up a definition whose name ends with one of the call's own words, so two names that share no word cannot
 * affect each other's resolution.
 */
export function wordsOf(name: string): string[] {
  return name.replace(/"/g, '').toUpperCase().split('.');
}
