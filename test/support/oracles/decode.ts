/**
 * Bytes to text as editors and the formats' tools take them, written apart from
 * src/formats/file-text.ts so the oracles do not share our decoder: a UTF-16 byte order mark means
 * UTF-16, a UTF-8 one is dropped, valid UTF-8 is UTF-8, and anything else is read as Latin-1 (ISO-8859-1) (what
 * spreadsheets' and old editors' 8-bit files mostly are).
 */
export function decodeFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // ISO-8859-1: each byte is the code point. (TextDecoder's 'latin1' is windows-1252.)
    let text = '';
    for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
    return text;
  }
}
