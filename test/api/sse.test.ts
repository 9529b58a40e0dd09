import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse, type SseEvent } from '../../src/api/sse.ts';

const encoder = new TextEncoder();

async function* chunks(parts: Array<string | Uint8Array>) {
  for (const part of parts) yield typeof part === 'string' ? encoder.encode(part) : part;
}

async function collect(parts: Array<string | Uint8Array>, stopAtDone = false): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const event of parseSse(chunks(parts), { stopAtDone })) out.push(event);
  return out;
}

/** The stream the platform sends for content generation (DESIGN §5). */
const GENERATION = [
  ': keep-alive',
  'event: message',
  'data: {"text":"Hallo"}',
  '',
  'data: {"text":" Welt"}',
  'id: 7',
  '',
  'data: [DONE]',
  '',
  'event: fullcontent',
  'data: {"text":"Hallo Welt",',
  'data:  "words": 2}',
  '',
  '',
].join('\n');

describe('parseSse', () => {
  it('parses events, comments, ids, [DONE] and a multi-line data field', async () => {
    expect(await collect([GENERATION])).toEqual([
      { event: 'message', data: '{"text":"Hallo"}', id: '' },
      { event: 'message', data: '{"text":" Welt"}', id: '7' },
      { event: 'message', data: '[DONE]', id: '7' },
      { event: 'fullcontent', data: '{"text":"Hallo Welt",\n "words": 2}', id: '7' },
    ]);
  });

  it('stops at [DONE] when asked and closes the source', async () => {
    let closed = false;
    async function* source() {
      try {
        yield encoder.encode('data: a\n\ndata: [DONE]\n\n');
        yield encoder.encode('data: never read\n\n');
      } finally {
        closed = true;
      }
    }
    const seen: string[] = [];
    for await (const event of parseSse(source(), { stopAtDone: true })) seen.push(event.data);
    expect(seen).toEqual(['a']);
    expect(closed).toBe(true);
  });

  it('gives the same events however the bytes are split, even inside a UTF-8 character or a CRLF', async () => {
    const text = 'data: Grüße 👋\r\n\r\n:comment\r\ndata: x\rdata: y\r\rid: 3\nevent: end\ndata\n\n';
    const bytes = encoder.encode(text);
    const whole = await collect([bytes]);
    expect(whole).toEqual([
      { event: 'message', data: 'Grüße 👋', id: '' },
      { event: 'message', data: 'x\ny', id: '' },
      { event: 'end', data: '', id: '3' },
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const parts = points.slice(1).map((end, i) => bytes.subarray(points[i], end));
          expect(await collect(parts)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('drops one leading space only, a BOM at the start, and fields it does not know', async () => {
    const events = await collect([
      '\uFEFFdata:  two spaces\nfoo: bar\nretry: 2500\n\n',
      'retry: soon\ndata:x\n\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: ' two spaces', id: '', retry: 2500 },
      { event: 'message', data: 'x', id: '' },
    ]);
  });

  it('ignores an event left without its blank line when the stream ends, and blocks without data', async () => {
    expect(await collect(['event: lonely\n\n', 'data: cut off'])).toEqual([]);
  });
});
