/**
 * A copy of a piece of the document that does not point into it. V8 makes `text.slice()` a view that keeps
 * the whole parent string alive; the model's names and type texts are slices of the text they were parsed
 * from, so a cached item parsed from a slice of the document kept that version of the document alive for as
 * long as the item stayed cached: one full copy of a large body per edited item. UTF-16 round trip: every
 * code unit (lone surrogates too) is kept as it is.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}
