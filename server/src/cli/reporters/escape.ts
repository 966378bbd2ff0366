/**
 * Control characters never reach a terminal or a rendered report raw: binary input or a stray escape sequence in
 * a message or code line would move the cursor, recolour the terminal or hide text (bidirectional overrides,
 * "Trojan Source"). They are shown as `\xHH` / `\uHHHH` instead. Tabs stay; line breaks are flattened by
 * `oneLine`.
 */
import { escapeRawInJson } from './jsonChunks.ts';

const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function escapeControl(s: string): string {
  return s.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** One line of text: line breaks and the blanks around them become one space, then controls are escaped. */
export function oneLine(s: string): string {
  return escapeControl(s.replace(/\s*[\r\n]+\s*/g, ' '));
}

/**
 * JSON.stringify escapes C0 controls but leaves DEL, C1 controls and the bidirectional overrides raw; JSON
 * allows `\uHHHH` for any of them, so the report stays byte-for-byte plain and reads the same. Long reports are
 * written in chunks by jsonChunks.ts, which gives the same text.
 */
export function toJsonText(value: unknown): string {
  return `${escapeRawInJson(JSON.stringify(value, null, 2))}\n`;
}
