import { sniffEncoding } from './decode.ts';
import { ImportError } from './import-error.ts';
import type { ImportFormat } from './types.ts';

/** How many leading bytes detection looks at. */
export const HEAD_BYTES = 8192;

const EXTENSIONS: Record<string, ImportFormat> = {
  tmx: 'tmx',
  tmq: 'tmq',
  xliff: 'xliff',
  xlf: 'xliff',
  sdlxliff: 'sdlxliff',
  sdltm: 'sdltm',
  csv: 'csv',
  tbx: 'tbx',
};
const SUPPORTED = '.tmx, .tmq, .xliff/.xlf, .sdlxliff, .sdltm, .csv, .tbx';
const SDL_NAMESPACE = 'http://sdl.com/FileTypes/SdlXliff/1.0';

/** The document kind a format's content must be, for messages: "x.tmx is not a TMX document". */
const KIND: Record<ImportFormat, string> = {
  tmx: 'a TMX document',
  tmq: 'a TMX-structured TMQ file',
  xliff: 'an XLIFF document',
  sdlxliff: 'an SDLXLIFF document',
  sdltm: 'an SDLTM database',
  csv: 'a CSV text file',
  tbx: 'a TBX termbase',
};

/** Root elements (local names) each XML format accepts. */
export const ROOTS: Partial<Record<ImportFormat, readonly string[]>> = {
  tmx: ['tmx'],
  tmq: ['tmx'],
  xliff: ['xliff'],
  sdlxliff: ['xliff'],
  tbx: ['martif', 'tbx'],
};

/** The format the file name's extension announces, or an ImportError listing the supported ones. */
export function formatFromName(name: string): ImportFormat | ImportError {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  const format = EXTENSIONS[extension];
  if (format) return format;
  const what = extension ? `files of type .${extension}` : `a file without an extension (${name})`;
  return new ImportError(`${what} cannot be imported into a memory; supported: ${SUPPORTED}`);
}

/** CSV and TBX files fill termbases; the other formats fill translation memories. */
export function isTermbaseFormat(format: ImportFormat): boolean {
  return format === 'csv' || format === 'tbx';
}

/** "x.tmx is not a TMX document: <reason>" (TMQ says it is not TMX-structured). */
export function notA(name: string, format: ImportFormat, reason: string): ImportError {
  if (format === 'tmq') return new ImportError(`${name}: TMQ file is not TMX-structured: ${reason}`);
  return new ImportError(`${name} is not ${KIND[format]}: ${reason}`);
}

/**
 * The format of an uploaded file: chosen by extension, then confirmed by its first bytes (`head`,
 * ideally HEAD_BYTES long): XML formats must start with the right root element, an SDLTM must be an
 * SQLite database, a CSV must be text. An `.xlf`/`.xliff` that declares the SDL namespace is read
 * as SDLXLIFF so its confirmation levels are honoured. Returns an ImportError (never throws).
 */
export function detectImportFormat(name: string, head: Uint8Array): ImportFormat | ImportError {
  const format = formatFromName(name);
  if (format instanceof ImportError) return format;
  if (head.byteLength === 0) return new ImportError(`${name} is empty`);
  const binary = binaryKind(head);
  if (format === 'sdltm') {
    return binary === SQLITE ? format : notA(name, format, binary ?? 'it is not an SQLite database');
  }
  if (binary) return notA(name, format, binary);
  const encoding = sniffEncoding(head);
  if (encoding instanceof ImportError) return encoding;
  const text = new TextDecoder(encoding).decode(head);
  if (format === 'csv') return format;
  const root = rootElement(text);
  if (root === undefined) return format;
  if (typeof root !== 'string') return notA(name, format, root.reason);
  const local = root.slice(root.indexOf(':') + 1);
  if (!ROOTS[format]?.includes(local)) return notA(name, format, `the root element is <${root}>`);
  if (format === 'xliff' && text.includes(SDL_NAMESPACE)) return 'sdlxliff';
  return format;
}

const SQLITE = 'it is an SQLite database';
const SIGNATURES: [bytes: number[], kind: string][] = [
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x20, 0x33, 0], SQLITE],
  [[0x50, 0x4b, 0x03, 0x04], 'it is a ZIP archive (an Office document or a packaged project?)'],
  [[0x25, 0x50, 0x44, 0x46], 'it is a PDF document'],
  [[0x1f, 0x8b], 'it is gzip-compressed; decompress it first'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'it is a legacy Office (OLE) document such as .xls'],
];

function binaryKind(head: Uint8Array): string | undefined {
  for (const [bytes, kind] of SIGNATURES) {
    if (bytes.every((byte, i) => head[i] === byte)) return kind;
  }
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (utf16 || (head[1] === 0 && head[0] === 0x3c) || (head[0] === 0 && head[1] === 0x3c)) return undefined;
  return head.subarray(0, 1024).includes(0) ? 'it holds binary data, not text' : undefined;
}

/**
 * The root element's name in the head of a document, `{reason}` when the text is not XML, or
 * undefined when the head ends before the root (a long comment): the parser decides then.
 */
function rootElement(text: string): string | { reason: string } | undefined {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) return undefined;
    if (text[i] !== '<') return { reason: `it starts with ${preview(text.slice(i))}, not with XML markup` };
    const skip = text.startsWith('<?', i)
      ? text.indexOf('?>', i)
      : text.startsWith('<!--', i)
        ? text.indexOf('-->', i)
        : text.startsWith('<!DOCTYPE', i)
          ? doctypeEnd(text, i)
          : undefined;
    if (skip === undefined) {
      const name = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i, i + 200))?.[1];
      return name ?? { reason: `it starts with ${preview(text.slice(i))}, not with an element` };
    }
    if (skip < 0) return undefined;
    i = text.indexOf('>', skip) + 1;
  }
}

function doctypeEnd(text: string, from: number): number {
  const subset = text.indexOf('[', from);
  const close = text.indexOf('>', from);
  if (subset >= 0 && subset < close) {
    const end = text.indexOf(']', subset);
    return end < 0 ? -1 : end;
  }
  return close;
}

function preview(text: string): string {
  const shown = JSON.stringify(text.slice(0, 24));
  return /^\s*[[{]/.test(text) ? `${shown} (JSON?)` : shown;
}
