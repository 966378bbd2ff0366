/**
 * The source lines that findings start on (the checklist's and SARIF's code snippets), taken from the text
 * without splitting all of it: a 20 MB file has 590,000 lines, and splitting it made 590,000 strings at the
 * moment the run held the most, for the few thousand lines that findings name. Lines end where
 * `text.split(/\r\n?|\n/)` would cut them.
 */
export function linesAt(text: string, lineNumbers: Iterable<number>): Map<number, string> {
  const wanted = [...new Set(lineNumbers)].filter((n) => n >= 1).sort((a, b) => a - b);
  const lines = new Map<number, string>();
  if (wanted.length === 0) return lines;
  const lineBreak = /\r\n?|\n/g;
  let line = 1;
  let start = 0;
  let next = 0;
  while (next < wanted.length) {
    const found = lineBreak.exec(text);
    const end = found ? found.index : text.length;
    if (line === wanted[next]) {
      lines.set(line, text.slice(start, end));
      next++;
    }
    if (!found) break;
    start = lineBreak.lastIndex;
    line++;
  }
  return lines;
}
