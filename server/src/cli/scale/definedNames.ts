/**
 * Which file may define each name, read from the texts before any file is parsed: a run that analyzes each file as
 * it parses it (fileWork.ts) keeps the parse of a file whose analysis looked up a name another file may define, so
 * that its second pass, against the whole index, need not parse it again.
 *
 * Only a guess, and only about cost: whether a file's first-pass result stands is decided against the complete
 * index as before (checkParallel.ts `stands`), and a file that does not stand and was not kept is parsed again. A
 * name the scan misses costs a parse; a name it takes for a definition that is none costs the memory of one kept
 * parse until the second pass. Corpus-wide (2,326 files): 303 files kept (4.7 of 15.9 MB of code) for 234 that
 * went to the second pass, 28 of those not kept (their functions are called from other files' SQL, which the names a
 * file looks up do not show); the scan took about 60 ms.
 */

/**
 * What a schema object or a subprogram is named where it is created or declared: `CREATE [OR REPLACE]
 * [NON]EDITIONABLE PACKAGE [BODY] | TYPE [BODY] | TABLE | [MATERIALIZED] VIEW | SYNONYM | TRIGGER [IF NOT EXISTS]
 * [schema.]name`, and `PROCEDURE name` / `FUNCTION name` anywhere (a package's members, standalone units, nested
 * subprograms alike: more than the index will hold, never less of what a lookup asks).
 */
const DEFINITION = /\b(?:create\s+(?:or\s+replace\s+)?(?:(?:non)?editionable\s+)?(?:package(?:\s+body)?|type(?:\s+body)?|table|(?:materialized\s+)?view|synonym|trigger)\s+(?:if\s+not\s+exists\s+)?|(?:procedure|function)\s+)(?:"?[\w$#]+"?\s*\.\s*)?"?([A-Za-z][\w$#]*)"?/gi;

/** A name defined by several files. */
const MANY = -1;

export class DefinedNames {
  /** Name (upper case) -> the one file (run order number) that may define it, or MANY. */
  private readonly owners = new Map<string, number>();

  /** The names `text` (file number `file` of the run) may define. */
  add(file: number, text: string): void {
    for (const match of text.matchAll(DEFINITION)) {
      const name = match[1]!.toUpperCase();
      const owner = this.owners.get(name);
      if (owner === undefined) this.owners.set(name, file);
      else if (owner !== file) this.owners.set(name, MANY);
    }
  }

  /** As plain data, for a worker thread. */
  toEntries(): [string, number][] {
    return [...this.owners];
  }

  static fromEntries(entries: readonly [string, number][]): DefinedNames {
    const names = new DefinedNames();
    for (const [name, owner] of entries) names.owners.set(name, owner);
    return names;
  }

  /**
   * Whether a file other than `file` may define what a lookup of its analysis asked for: a name as the index is
   * asked (`PKG.MEMBER`, `NAME`; either part), or `keys:TABLE` for a table's keys.
   */
  elsewhere(lookup: string, file: number): boolean {
    const name = lookup.startsWith('keys:') ? lookup.slice('keys:'.length) : lookup;
    for (const part of name.split('.')) {
      const owner = this.owners.get(part.toUpperCase());
      if (owner !== undefined && owner !== file) return true;
    }
    return false;
  }
}
