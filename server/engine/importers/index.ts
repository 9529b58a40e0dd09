/**
 * Translation-memory and termbase importers: pure parsers behind `POST /v2/memories/import`.
 * `importFile` turns an uploaded file into a lazy stream of segments or terms that the storage
 * layer inserts inside one transaction; an ImportError thrown while iterating means "roll back",
 * and its message is the failure reason shown to the user.
 */
import { limitBytes, peekHead } from './byte-source.ts';
import { emptyStats, type ReadContext } from './context.ts';
import { readCsvTerms } from './csv.ts';
import { decodeText, sniffEncoding } from './decode.ts';
import { detectImportFormat, formatFromName, HEAD_BYTES, isTermbaseFormat } from './detect.ts';
import { ImportError } from './import-error.ts';
import { pairSides } from './languages.ts';
import { sdlSegmentFilter } from './sdl-confirmation.ts';
import { readSdltm } from './sdltm.ts';
import { tbxReader } from './tbx.ts';
import { tmxReader } from './tmx.ts';
import type { ImportedSegment, ImportedTerm, ImportFormat, ImportRequest, ImportResult } from './types.ts';
import { xliffReader } from './xliff.ts';
import { readXml, type XmlReader } from './xml-stream.ts';

export { detectImportFormat } from './detect.ts';
export { ImportError } from './import-error.ts';
export type * from './types.ts';

/** Options that are not part of the request: where SDLTM files are unpacked (default os.tmpdir()). */
export interface ImportOptions {
  tempDir?: string | undefined;
}

type Reader<T> = (
  bytes: AsyncIterable<Uint8Array>,
  head: Uint8Array,
  context: ReadContext,
  options: ImportOptions,
) => AsyncIterable<T>;

const xml =
  <T>(reader: (context: ReadContext) => XmlReader<T>): Reader<T> =>
  (bytes, head, context) =>
    readXml(decodeText(bytes, encodingOf(head)), reader(context));

type TermbaseFormat = 'csv' | 'tbx';
type TmFormat = Exclude<ImportFormat, TermbaseFormat>;

/** Detection never moves a file between kinds (it only reads an SDL-flavoured .xlf as SDLXLIFF). */
const TM_READERS: Record<TmFormat, Reader<ImportedSegment>> = {
  tmx: xml(tmxReader),
  tmq: xml(tmxReader),
  xliff: xml(xliffReader),
  sdlxliff: xml(xliffReader),
  sdltm: (bytes, _head, context, options) => readSdltm(bytes, context, options.tempDir),
};

const TERM_READERS: Record<TermbaseFormat, Reader<ImportedTerm>> = {
  csv: (bytes, head, context) =>
    readCsvTerms(decodeText(bytes, encodingOf(head), 'save it as UTF-8'), context),
  tbx: xml(tbxReader),
};

/**
 * Reads an uploaded memory file. The extension decides at once whether it fills a translation
 * memory (`segments`) or a termbase (`terms`); an unsupported extension or an unknown SDLXLIFF
 * confirmation level throws an ImportError right away. Everything else happens while iterating:
 * the content is checked against the extension (detectImportFormat), streamed through the
 * format's parser and yielded item by item; any problem throws an ImportError from the iterator.
 * `stats` is complete once iteration ends.
 */
export function importFile(request: ImportRequest, options: ImportOptions = {}): ImportResult {
  const format = formatFromName(request.name);
  if (format instanceof ImportError) throw format;
  if (format === 'sdlxliff' || format === 'xliff') sdlSegmentFilter(request.sdlxliffFilters);
  const stats = emptyStats(undefined);
  const context: ReadContext = {
    name: request.name,
    format,
    sides: pairSides(request.pair),
    stats,
    sdlxliffFilters: request.sdlxliffFilters,
    hasHeaderRow: request.hasHeaderRow ?? false,
  };
  if (isTermbaseFormat(format)) {
    const terms = run(request, options, context, (f) => TERM_READERS[f as TermbaseFormat]);
    return { kind: 'termbase', terms, stats };
  }
  const segments = run(request, options, context, (f) => TM_READERS[f as TmFormat]);
  return { kind: 'tm', segments, stats };
}

async function* run<T>(
  request: ImportRequest,
  options: ImportOptions,
  context: ReadContext,
  readerFor: (format: ImportFormat) => Reader<T>,
): AsyncGenerator<T> {
  const bytes = limitBytes(request.chunks(), request.maxBytes, request.name);
  const { head, stream, release } = await peekHead(bytes, HEAD_BYTES);
  const format = detectImportFormat(request.name, head);
  if (format instanceof ImportError) {
    await release();
    throw format;
  }
  context.format = format;
  context.stats.format = format;
  yield* readerFor(format)(stream, head, context, options);
}

function encodingOf(head: Uint8Array): string {
  const encoding = sniffEncoding(head);
  if (encoding instanceof ImportError) throw encoding;
  return encoding;
}
