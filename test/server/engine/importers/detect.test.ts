import { describe, expect, it } from 'vitest';
import { detectImportFormat, ImportError, importFile } from '../../../../server/engine/importers/index.ts';
import { chunked, EN_US_DE_AT, fixture } from './support.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const message = (result: unknown) =>
  result instanceof ImportError ? result.message : `no error: ${String(result)}`;

describe('detectImportFormat', () => {
  it('detects each supported format by extension and content', () => {
    expect(detectImportFormat('legal.TMX', fixture('legal-multilingual.tmx'))).toBe('tmx');
    expect(detectImportFormat('legal.tmq', fixture('legal-multilingual.tmx'))).toBe('tmq');
    expect(detectImportFormat('app.xlf', fixture('webapp-de-AT.xlf'))).toBe('xliff');
    expect(detectImportFormat('app.xliff', fixture('mobile-v2.xliff'))).toBe('xliff');
    expect(detectImportFormat('b.sdlxliff', fixture('brochure.docx.sdlxliff'))).toBe('sdlxliff');
    expect(detectImportFormat('b.xlf', fixture('brochure.docx.sdlxliff'))).toBe('sdlxliff');
    expect(detectImportFormat('t.tbx', fixture('legal-terms.tbx'))).toBe('tbx');
    expect(detectImportFormat('t.tbx', fixture('product-terms.tbx'))).toBe('tbx');
    expect(detectImportFormat('g.csv', fixture('glossary-crlf.csv'))).toBe('csv');
    expect(detectImportFormat('m.sdltm', bytes('SQLite format 3\0\u0010\u0000'))).toBe('sdltm');
  });

  it('refuses JSON in a .tmx file, saying what it is', () => {
    expect(message(detectImportFormat('x.tmx', bytes('{"hello": "Hallo"}')))).toBe(
      'x.tmx is not a TMX document: it starts with "{\\"hello\\": \\"Hallo\\"}" (JSON?), not with XML markup',
    );
  });

  it('refuses XML with the wrong root element', () => {
    const xliffAsTmx = detectImportFormat('x.tmx', fixture('webapp-de-AT.xlf'));
    expect(message(xliffAsTmx)).toBe('x.tmx is not a TMX document: the root element is <xliff>');
    expect(message(detectImportFormat('x.tbx', fixture('legal-multilingual.tmx')))).toBe(
      'x.tbx is not a TBX termbase: the root element is <tmx>',
    );
  });

  it('names binary content', () => {
    expect(message(detectImportFormat('x.tmx', new Uint8Array([0x1f, 0x8b, 8, 0])))).toBe(
      'x.tmx is not a TMX document: it is gzip-compressed; decompress it first',
    );
    expect(message(detectImportFormat('x.sdltm', new Uint8Array([0x50, 0x4b, 3, 4])))).toBe(
      'x.sdltm is not an SDLTM database: it is a ZIP archive (an Office document or a packaged project?)',
    );
    expect(message(detectImportFormat('x.tmx', bytes('SQLite format 3\0')))).toBe(
      'x.tmx is not a TMX document: it is an SQLite database',
    );
  });

  it('lists the supported extensions for an unknown one', () => {
    expect(message(detectImportFormat('memory.docx', bytes('PK')))).toBe(
      'files of type .docx cannot be imported into a memory; supported: .tmx, .tmq, .xliff/.xlf, .sdlxliff, .sdltm, .csv, .tbx',
    );
    expect(message(detectImportFormat('README', bytes('x')))).toMatch(
      /^a file without an extension \(README\)/,
    );
  });

  it('refuses an empty file', () => {
    expect(message(detectImportFormat('x.tmx', new Uint8Array(0)))).toBe('x.tmx is empty');
  });

  it('leaves the root to the parser when a long comment fills the head', () => {
    const head = bytes(`<?xml version="1.0"?>\n<!-- ${'licence text '.repeat(1000)}`);
    expect(detectImportFormat('x.tmx', head.subarray(0, 8192))).toBe('tmx');
  });

  it('skips a DOCTYPE with an internal subset when looking for the root', () => {
    expect(
      detectImportFormat('x.tmx', bytes('<!DOCTYPE tmx [ <!ELEMENT tmx ANY> ]>\n<tmx version="1.4"/>')),
    ).toBe('tmx');
  });
});

describe('importFile', () => {
  it('throws at once for an unsupported extension', () => {
    const call = () => importFile({ name: 'notes.txt', chunks: chunked('hello'), pair: EN_US_DE_AT });
    expect(call).toThrow(ImportError);
    expect(call).toThrow('files of type .txt cannot be imported into a memory');
  });

  it('tells a termbase from a memory by extension', () => {
    const pair = EN_US_DE_AT;
    expect(importFile({ name: 'a.csv', chunks: chunked(''), pair }).kind).toBe('termbase');
    expect(importFile({ name: 'a.tbx', chunks: chunked(''), pair }).kind).toBe('termbase');
    expect(importFile({ name: 'a.tmx', chunks: chunked(''), pair }).kind).toBe('tm');
  });

  it('lets the source go when the content is refused', async () => {
    let released = false;
    const result = importFile({
      name: 'data.tmx',
      pair: EN_US_DE_AT,
      chunks: async function* () {
        try {
          for (let i = 0; i < 1000; i++)
            yield new TextEncoder().encode(i === 0 ? '{"rows": [' : '1, '.repeat(5000));
        } finally {
          released = true;
        }
      },
    });
    if (result.kind !== 'tm') throw new Error('tm expected');
    await expect(result.segments[Symbol.asyncIterator]().next()).rejects.toThrow(
      'data.tmx is not a TMX document',
    );
    expect(released).toBe(true);
  });
});
