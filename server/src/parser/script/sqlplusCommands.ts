/**
 * SQL*Plus and SQLcl command words, with SQL*Plus's documented minimum abbreviations (`PRO[MPT]` accepts `pro`,
 * `prom`, `promp`, `prompt`). Used by the script segmenter to recognise a command at the start of a line.
 */

interface CommandEntry {
  /** Full command word, lower case. */
  full: string;
  /** Shortest accepted abbreviation length. */
  min: number;
  /** Canonical name reported in `SqlPlusSegment.command`. */
  name: string;
}

function entry(spec: string, name?: string): CommandEntry {
  // 'pro[mpt]' -> full 'prompt', min 3
  const bracket = spec.indexOf('[');
  const full = bracket < 0 ? spec : spec.slice(0, bracket) + spec.slice(bracket + 1, spec.length - 1);
  return { full, min: bracket < 0 ? spec.length : bracket, name: name ?? full };
}

const ENTRIES: readonly CommandEntry[] = [
  // SQL*Plus (Oracle SQL*Plus User's Guide, "SQL*Plus Command Reference")
  entry('acc[ept]'),
  entry('a[ppend]'),
  entry('archive'),
  entry('attr[ibute]'),
  entry('bre[ak]'),
  entry('bti[tle]'),
  entry('c[hange]'),
  entry('cl[ear]'),
  entry('col[umn]'),
  entry('comp[ute]'),
  entry('conn[ect]'),
  entry('copy'),
  entry('def[ine]'),
  entry('del'),
  entry('desc[ribe]'),
  entry('disc[onnect]'),
  entry('ed[it]'),
  entry('exec[ute]'),
  entry('exit'),
  entry('quit', 'exit'),
  entry('get'),
  entry('help'),
  entry('hist[ory]'),
  entry('ho[st]'),
  entry('i[nput]'),
  entry('l[ist]'),
  entry('passw[ord]'),
  entry('pau[se]'),
  entry('pri[nt]'),
  entry('pro[mpt]'),
  entry('recover'),
  entry('rem[ark]'),
  entry('repf[ooter]'),
  entry('reph[eader]'),
  entry('r[un]'),
  entry('sav[e]'),
  entry('set'),
  entry('sho[w]'),
  entry('shutdown'),
  entry('spo[ol]'),
  entry('sta[rt]'),
  entry('startup'),
  entry('store'),
  entry('timi[ng]'),
  entry('tti[tle]'),
  entry('undef[ine]'),
  entry('var[iable]'),
  entry('whenever'),
  entry('xquery'),
  // SQLcl additions
  entry('alias'),
  entry('apex'),
  entry('bridge'),
  entry('cd'),
  entry('ctas'),
  entry('ddl'),
  entry('format'),
  entry('info[rmation]', 'info'),
  entry('lb'),
  entry('liquibase'),
  entry('load'),
  entry('net'),
  entry('oerr'),
  entry('repeat'),
  entry('rest'),
  entry('script'),
  entry('soda'),
  entry('sqlformat'),
  entry('sshtunnel'),
  entry('tnsping'),
  entry('unload'),
];

const BY_FIRST_LETTER = new Map<string, CommandEntry[]>();
for (const e of ENTRIES) {
  const k = e.full.charAt(0);
  const list = BY_FIRST_LETTER.get(k);
  if (list) list.push(e);
  else BY_FIRST_LETTER.set(k, [e]);
}

/** Canonical command name of a line-start word (any case), or undefined when it is not a SQL*Plus/SQLcl command. */
export function lookupCommand(word: string): string | undefined {
  if (word.length === 0 || word.length > 16) return undefined;
  const w = word.toLowerCase();
  const list = BY_FIRST_LETTER.get(w.charAt(0));
  if (!list) return undefined;
  for (const e of list) {
    if (w.length >= e.min && e.full.startsWith(w)) return e.name;
  }
  return undefined;
}

/** Every canonical command name the segmenter can report, besides 'start-relative', 'slash' and 'other-sqlplus'. */
export const SQLPLUS_COMMAND_NAMES: readonly string[] = [...new Set(ENTRIES.map((e) => e.name))];

/**
 * Command words that, at the start of a line after a `;`, end a PL/SQL unit that is missing its `/` line
 * (error recovery; `@` and `@@` are handled by the segmenter). `exit` gets extra checks in the segmenter because
 * it is also a PL/SQL statement. `start` is left out on purpose (`START WITH` of a hierarchical query).
 */
export const RECOVERY_COMMANDS: ReadonlySet<string> = new Set([
  'show',
  'prompt',
  'spool',
  'remark',
  'whenever',
  'exit',
  'define',
  'undefine',
  'set',
]);

/** Words after SET that make it the SQL statement SET TRANSACTION / SET ROLE / SET CONSTRAINT(S). */
export function isSqlSetWord(word: string): boolean {
  const w = word.toUpperCase();
  return w === 'TRANSACTION' || w === 'ROLE' || w === 'CONSTRAINT' || w === 'CONSTRAINTS';
}
