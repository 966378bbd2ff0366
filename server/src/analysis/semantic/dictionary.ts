/** Oracle's data dictionary: the views install and maintenance scripts read (USER_/ALL_/DBA_/CDB_, V$, GV$, DICT). */
const DICTIONARY_VIEW = /^(?:SYS\.)?(?:(?:USER|ALL|DBA|CDB)_\w+|G?V_?\$\w+|DICT|DICTIONARY|DUAL)$/;

/** Whether every table a statement names is a data-dictionary view (DUAL alone is not enough). */
export function readsOnlyDictionary(tables: readonly string[]): boolean {
  return tables.some((t) => !/^(?:SYS\.)?DUAL$/.test(t)) && tables.every((t) => DICTIONARY_VIEW.test(t));
}
