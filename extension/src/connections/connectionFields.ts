/**
 * The checks of the connection form's fields (extension/src/view/connectionForm.ts), as the messages an input box
 * shows while the user types. Pure (no editor API), so it is tested on its own.
 */

/** The checks of each field, as messages the input box shows while typing (undefined = valid). */
export function validateConnectionField(field: 'name' | 'user' | 'connectString', value: string, takenNames: readonly string[]): string | undefined {
  const v = value.trim();
  if (v === '') return `The ${field === 'connectString' ? 'connect string' : field} is required.`;
  if (field === 'name' && takenNames.includes(v)) return `A connection named "${v}" exists already.`;
  if (field === 'user' && /\s/.test(v) && !/^".+"$/.test(v)) return 'A user name has no blanks (quote it, "Like This", if it was created quoted).';
  if (field === 'connectString' && /\s/.test(v) && !v.startsWith('(')) {
    return 'An Easy Connect string has no blanks: host:port/service, e.g. db.example.com:1521/orclpdb1:dedicated';
  }
  return undefined;
}

