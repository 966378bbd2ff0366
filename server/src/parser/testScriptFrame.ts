/**
 * PL/SQL Developer (Allround Automations) saves a Test Window as a "test script", usually `name.tst`, and teams
 * commit them next to their code. The file is a frame around one anonymous block:
 *
 *     PL/SQL Developer Test script 3.0
 *     41                  <- the number N of lines of code that follow
 *     declare ... end;    <- the N lines of code, the only part that runs
 *     2                   <- the window's variables: their count, then for each its name, type and value lines
 *     i
 *     ...
 *
 * The frame is not PL/SQL: parsed as it is, the variables after the block gave a syntax error ("unexpected '0'")
 * on every such file. Its lines are blanked instead (every character but a line break becomes a space), so the
 * code keeps its lines and columns, findings point where the editor shows them, and the frame says nothing.
 *
 * Only a frame that holds together is taken: the header, a count, N lines of code and then the variables' count
 * on the line after them. A file edited by hand whose count no longer fits is parsed as it is (its frame then
 * gives a syntax error, which is honest), never cut short where its code might go on.
 */
import { withLfLineBreaks } from './lineBreaks.ts';
import { rememberLast } from './rememberLast.ts';

export const TEST_SCRIPT_HEADER = 'PL/SQL Developer Test script';

const COUNT = /^[ \t]*(\d+)[ \t\r]*$/;

/** Where the code of a test script lies: the offsets of its first character and of the end of its last line. */
export function testScriptCode(text: string): { start: number; end: number } | undefined {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith(TEST_SCRIPT_HEADER, bom)) return undefined;
  const headerEnd = text.indexOf('\n', bom);
  if (headerEnd < 0) return undefined;
  const countEnd = lineEnd(text, headerEnd + 1);
  const count = COUNT.exec(text.slice(headerEnd + 1, countEnd));
  if (!count || countEnd >= text.length) return undefined;
  const start = countEnd + 1;
  let end = start;
  for (let line = 0; line < Number(count[1]); line++) {
    if (end >= text.length) return undefined;
    end = lineEnd(text, end) + 1;
  }
  // the variables' count follows the code (0 when the window had none)
  const variables = text.slice(end, lineEnd(text, end));
  if (!COUNT.test(variables)) return undefined;
  return { start, end: Math.max(start, end - 1) };
}

/** The text with a test script's frame blanked (the same text when it is none). */
export function withoutTestScriptFrame(text: string): string {
  return text.startsWith(TEST_SCRIPT_HEADER, text.charCodeAt(0) === 0xfeff ? 1 : 0) ? blankedFrame(text) : text;
}

// The editor asks for the same text two or three times per keystroke (parse steps, parse, analysis): blanked once.
const blankedFrame = rememberLast((text: string): string => {
  const code = testScriptCode(text);
  if (!code) return text;
  return blank(text.slice(0, code.start)) + text.slice(code.start, code.end) + blank(text.slice(code.end));
});

function lineEnd(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at;
}

/** Spaces for everything but line breaks (a CR of a CR LF stays: the lexer counts lines by LF). */
function blank(part: string): string {
  return part.replace(/[^\r\n]/g, ' ');
}

/** The text as the parser reads it: line breaks as the lexer counts them (lineBreaks.ts), a test script's frame blanked. */
export function parserText(source: string): string {
  return withoutTestScriptFrame(withLfLineBreaks(source));
}
