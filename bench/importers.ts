/**
 * Memory-import benchmark: `node bench/importers.ts` prints one JSON line.
 *
 * Generated TMX, SDLXLIFF, CSV and TBX files (IMPORTERS_BENCH_MB, default 20 MB each) are streamed
 * through importFile in 64 KB chunks, the way the storage layer feeds them. For each format:
 * throughput (MB/s, items/s) and the peak growth of the live heap (sampled after a full GC), which
 * shows that a file is never held whole. `saxes_alone` is saxes on the TMX (no handlers
 * beyond counting tags): the floor the XML formats cannot beat, so their overhead is visible.
 * `csv_parse_alone` is the csv-parse package streaming the CSV file (counting records, with the
 * options the import needs: relaxed quotes and column counts, line info): the well-kept library
 * our CSV tokenizer (`csv_tokenizer_alone`, same text, same count) is measured against (issue 35).
 */

import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parse as csvParse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { CsvTokenizer } from '../server/engine/importers/csv-tokenizer.ts';
import { importFile } from '../server/engine/importers/index.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const MB = 2 ** 20;
const SIZE = Number(process.env['IMPORTERS_BENCH_MB'] ?? 20) * MB;
const CHUNK = 64 * 1024;
const PAIR = { srclang: 'en', srclocale: 'US', trglang: 'de', trglocale: 'AT' };

type Generator = { head: string; item: (i: number) => string; tail: string };

const FORMATS: Record<string, Generator> = {
  tmx: {
    head: '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en-US"/><body>\n',
    item: (i) =>
      `<tu creationdate="20240101T120000Z" creationid="user${i % 50}@example.com"><prop type="x-Origin">TM</prop>` +
      `<tuv xml:lang="en-US"><seg>Order ${i} ships within <ph x="1">{0}</ph> days; see <bpt i="1">&lt;a&gt;</bpt>terms<ept i="1">&lt;/a&gt;</ept>.</seg></tuv>` +
      `<tuv xml:lang="fr-FR"><seg>La commande ${i} est expédiée sous <ph x="1">{0}</ph> jours.</seg></tuv>` +
      `<tuv xml:lang="de-AT"><seg>Bestellung ${i} wird binnen <ph x="1">{0}</ph> Tagen versandt.</seg></tuv></tu>\n`,
    tail: '</body></tmx>\n',
  },
  sdlxliff: {
    head:
      '<?xml version="1.0" encoding="utf-8"?><xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" ' +
      'xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="a.docx" ' +
      'source-language="en-US" target-language="de-AT" datatype="x-sdlfilterframework2"><body>\n',
    item: (i) =>
      `<trans-unit id="u${i}"><source>Step ${i}: press <g id="1">OK</g>. Then wait.</source><seg-source>` +
      `<mrk mtype="seg" mid="${2 * i}">Step ${i}: press <g id="1">OK</g>.</mrk> <mrk mtype="seg" mid="${2 * i + 1}">Then wait.</mrk></seg-source>` +
      `<target><mrk mtype="seg" mid="${2 * i}">Schritt ${i}: <g id="1">OK</g> drücken.</mrk> <mrk mtype="seg" mid="${2 * i + 1}">Dann warten.</mrk></target>` +
      `<sdl:seg-defs><sdl:seg id="${2 * i}" conf="Translated" percent="${i % 101}"/>` +
      `<sdl:seg id="${2 * i + 1}" conf="${i % 3 ? 'ApprovedTranslation' : 'Draft'}" locked="true"/></sdl:seg-defs></trans-unit>\n`,
    tail: '</body></file></xliff>\n',
  },
  csv: {
    head: 'Source,Target,Notes\r\n',
    item: (i) => `term ${i},"Begriff ${i}, Variante","""Quoted"" note for ${i}"\r\n`,
    tail: '',
  },
  tbx: {
    head: '<?xml version="1.0"?><tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>\n',
    item: (i) =>
      `<conceptEntry id="c${i}"><descrip type="subjectField">Retail</descrip>` +
      `<langSec xml:lang="en-US"><termSec><term>cart ${i}</term><termNote type="partOfSpeech">noun</termNote></termSec></langSec>` +
      `<langSec xml:lang="de-AT"><termSec><term>Warenkorb ${i}</term></termSec><termSec><term>Korb ${i}</term></termSec></langSec></conceptEntry>\n`,
    tail: '</body></text></tbx>\n',
  },
};

function chunks(generator: Generator): () => AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  return async function* () {
    let served = 0;
    let pending = generator.head;
    for (let i = 0; served < SIZE; i++) {
      pending += generator.item(i);
      if (pending.length >= CHUNK) {
        const bytes = encoder.encode(pending);
        pending = '';
        served += bytes.byteLength;
        for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
      }
    }
    yield encoder.encode(pending + generator.tail);
  };
}

async function measure(name: string, generator: Generator) {
  const result = importFile({
    name: `bench.${name}`,
    chunks: chunks(generator),
    pair: PAIR,
    hasHeaderRow: true,
  });
  const items = result.kind === 'tm' ? result.segments : result.terms;
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  let count = 0;
  const start = performance.now();
  for await (const _ of items) {
    if (++count % 5_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    }
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    mb_s: round(SIZE / MB / seconds),
    items_s: Math.round(count / seconds),
    items: count,
    peak_heap_mb: round(peak / MB),
  };
}

async function saxesAlone(): Promise<{ mb_s: number; tags: number }> {
  const parser = new SaxesParser({ position: true });
  let tags = 0;
  parser.on('opentag', () => {
    tags++;
  });
  const decoder = new TextDecoder();
  const start = performance.now();
  for await (const chunk of chunks(FORMATS['tmx']!)()) parser.write(decoder.decode(chunk, { stream: true }));
  parser.close();
  return { mb_s: round(SIZE / MB / ((performance.now() - start) / 1000)), tags };
}

/** Our CSV tokenizer on the same text, counting rows: what csv_parse_alone is compared with. */
async function csvTokenizerAlone(): Promise<{ mb_s: number; records: number }> {
  const decoder = new TextDecoder();
  const tokenizer = new CsvTokenizer(',');
  let records = 0;
  const start = performance.now();
  for await (const chunk of chunks(FORMATS['csv']!)())
    records += tokenizer.push(decoder.decode(chunk, { stream: true })).length;
  records += tokenizer.end().length;
  return { mb_s: round(SIZE / MB / ((performance.now() - start) / 1000)), records };
}

async function csvParseAlone(): Promise<{ mb_s: number; records: number }> {
  const decoder = new TextDecoder();
  const text = (async function* () {
    for await (const chunk of chunks(FORMATS['csv']!)()) yield decoder.decode(chunk, { stream: true });
  })();
  const parser = Readable.from(text).pipe(
    csvParse({ relax_quotes: true, relax_column_count: true, info: true }),
  );
  let records = 0;
  const start = performance.now();
  for await (const _ of parser) records++;
  return { mb_s: round(SIZE / MB / ((performance.now() - start) / 1000)), records };
}

const round = (n: number) => Math.round(n * 10) / 10;

const figures: Record<string, unknown> = { bench: 'importers', file_mb: SIZE / MB, chunk_kb: CHUNK / 1024 };
for (const [name, generator] of Object.entries(FORMATS)) figures[name] = await measure(name, generator);
figures['saxes_alone'] = await saxesAlone();
figures['csv_tokenizer_alone'] = await csvTokenizerAlone();
figures['csv_parse_alone'] = await csvParseAlone();
process.stdout.write(`${JSON.stringify(figures)}\n`);
