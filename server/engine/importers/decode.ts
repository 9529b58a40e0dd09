import { ImportError } from './import-error.ts';

const latin1 = new TextDecoder('latin1');
const XML_DECLARATION = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/**
 * The text encoding of a file from its first bytes: a byte-order mark, the UTF-16 shape of `<?`,
 * then an XML declaration's `encoding`, else UTF-8. A declaration naming UTF-16 in a file whose
 * bytes read as ASCII is wrong (SDL tools copy it around); the bytes win.
 */
export function sniffEncoding(head: Uint8Array): string | ImportError {
  const [a, b, c, d] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe) {
    return c === 0 && d === 0
      ? new ImportError('UTF-32 text is not supported; save the file as UTF-8')
      : 'utf-16le';
  }
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  if (a === 0x3c && b === 0 && d === 0) return 'utf-16le';
  if (a === 0 && b === 0x3c && c === 0) return 'utf-16be';
  const declared = XML_DECLARATION.exec(latin1.decode(head.subarray(0, 256)))?.[1];
  if (!declared || /^utf-?(16|32)/i.test(declared)) return 'utf-8';
  try {
    return new TextDecoder(declared).encoding;
  } catch (error) {
    return new ImportError(
      `unsupported character encoding "${declared}" in the XML declaration`,
      {},
      { cause: error },
    );
  }
}

/**
 * Decodes a byte stream chunk by chunk (a character split between chunks is joined). Bytes that are
 * not valid in the encoding fail the import with the line and column where they are: importing
 * mis-decoded text into a memory would spread mojibake into every later translation.
 */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array>,
  encoding: string,
  advice = 'save it as UTF-8 or declare its encoding in the XML declaration',
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let line = 1;
  let column = 1;
  let offset = 0;
  const advance = (text: string) => {
    let newlines = 0;
    let last = -1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
      newlines++;
      last = i;
    }
    line += newlines;
    column = last < 0 ? column + text.length : text.length - last;
  };
  const fail = (chunk: Uint8Array, error: unknown): never => {
    const bad = encoding === 'utf-8' ? firstInvalidUtf8(chunk) : -1;
    if (bad >= 0) advance(new TextDecoder(encoding).decode(chunk.subarray(leadingContinuations(chunk), bad)));
    const at = bad >= 0 ? offset + bad : offset;
    throw ImportError.at(
      line,
      column,
      `the file is not valid ${encoding.toUpperCase()} text (bad bytes at byte offset ${at}); ${advice}`,
      { cause: error },
    );
  };
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch (error) {
      return fail(chunk, error);
    }
    offset += chunk.byteLength;
    advance(text);
    if (text) yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch (error) {
    return fail(new Uint8Array(0), error);
  }
  if (rest) yield rest;
}

/** Continuation bytes at a chunk's start finish a character begun in the previous chunk. */
function leadingContinuations(bytes: Uint8Array): number {
  let i = 0;
  while (i < 3 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i++;
  return i;
}

/** Index of the first byte that cannot be UTF-8 (RFC 3629 §4), or -1 (a sequence cut at the end is fine). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = leadingContinuations(bytes);
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const size = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (size === 0) return i;
    for (let k = 1; k < size; k++) {
      if (i + k >= bytes.length) return -1;
      const next = bytes[i + k]!;
      const low = k === 1 && c === 0xe0 ? 0xa0 : k === 1 && c === 0xf0 ? 0x90 : 0x80;
      const high = k === 1 && c === 0xed ? 0x9f : k === 1 && c === 0xf4 ? 0x8f : 0xbf;
      if (next < low || next > high) return i;
    }
    i += size;
  }
  return -1;
}
