/**
 * Turns the bytes of a source file into text.
 *
 * Order: a byte-order mark wins (UTF-8, UTF-16LE, UTF-16BE; the mark is not part of the text); without one the
 * bytes are decoded as strict UTF-8, and if that fails as windows-1252 (a superset of the printable Latin-1
 * range, which is what old PL/SQL sources saved by Windows tools use). Never throws: every byte sequence maps
 * to some text.
 */
export type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedSource {
  text: string;
  encoding: SourceEncoding;
  /** Whether the bytes started with a byte-order mark (stripped from `text`). */
  bom: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
// 'utf-16le' is available in every Node build (even without full ICU); big-endian is byte-swapped by hand.
const utf16le = new TextDecoder('utf-16le', { fatal: false, ignoreBOM: true });

/** windows-1252 code points for bytes 0x80..0x9F (WHATWG mapping: the 5 unassigned bytes map to C1 controls). */
const cp1252High = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const chunk = 8192;
  let out = '';
  const codes = new Array<number>(Math.min(chunk, bytes.length));
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(start + chunk, bytes.length);
    codes.length = end - start;
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      codes[i - start] = b >= 0x80 && b <= 0x9f ? cp1252High[b - 0x80]! : b;
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}

function decodeUtf16be(bytes: Uint8Array): string {
  const swapped = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1]!;
    swapped[i + 1] = bytes[i]!;
  }
  if (bytes.length % 2 === 1) swapped[bytes.length - 1] = bytes[bytes.length - 1]!;
  return utf16le.decode(swapped);
}

export function decodeSource(bytes: Uint8Array): DecodedSource {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) {
    // Declared UTF-8: invalid sequences become U+FFFD rather than switching encodings.
    return { text: lenientUtf8.decode(bytes.subarray(3)), encoding: 'utf-8', bom: true };
  }
  if (b0 === 0xff && b1 === 0xfe) {
    return { text: utf16le.decode(bytes.subarray(2)), encoding: 'utf-16le', bom: true };
  }
  if (b0 === 0xfe && b1 === 0xff) {
    return { text: decodeUtf16be(bytes.subarray(2)), encoding: 'utf-16be', bom: true };
  }
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', bom: false };
  }
}
