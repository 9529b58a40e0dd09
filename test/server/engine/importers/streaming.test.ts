import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { importFile } from '../../../../server/engine/importers/index.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const FILE_BYTES = 50 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A generated TMX of about FILE_BYTES, served in 64 KB chunks, never whole in memory. */
function generatedTmx(progress: { served: number }) {
  const encoder = new TextEncoder();
  return async function* (): AsyncGenerator<Uint8Array> {
    let pending =
      '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en-US"/><body>\n';
    for (let i = 0; progress.served < FILE_BYTES; i++) {
      pending +=
        `<tu tuid="${i}" creationdate="20240101T120000Z" creationid="user${i % 50}@example.com">` +
        `<prop type="x-Origin">TM</prop>` +
        `<tuv xml:lang="en-US"><seg>Order ${i} ships within <ph x="1">{0}</ph> days; see <bpt i="1">&lt;a&gt;</bpt>terms<ept i="1">&lt;/a&gt;</ept>.</seg></tuv>` +
        `<tuv xml:lang="fr-FR"><seg>La commande ${i} est expédiée sous <ph x="1">{0}</ph> jours.</seg></tuv>` +
        `<tuv xml:lang="de-AT"><seg>Bestellung ${i} wird binnen <ph x="1">{0}</ph> Tagen versandt; siehe <bpt i="1">&lt;a&gt;</bpt>AGB<ept i="1">&lt;/a&gt;</ept>.</seg></tuv></tu>\n`;
      if (pending.length >= CHUNK) {
        const bytes = encoder.encode(pending);
        pending = '';
        for (let at = 0; at < bytes.length; at += CHUNK) {
          const chunk = bytes.subarray(at, at + CHUNK);
          progress.served += chunk.byteLength;
          yield chunk;
        }
      }
    }
    const tail = encoder.encode(`${pending}</body></tmx>\n`);
    progress.served += tail.byteLength;
    yield tail;
  };
}

describe('streaming a large TMX', () => {
  it('yields segments while reading and keeps the heap far below the file size', async () => {
    const progress = { served: 0 };
    const result = importFile({
      name: 'large.tmx',
      chunks: generatedTmx(progress),
      pair: { srclang: 'en', srclocale: 'US', trglang: 'de', trglocale: 'AT' },
    });
    if (result.kind !== 'tm') throw new Error('tm expected');
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let servedAtFirst = -1;
    let count = 0;
    let peak = 0;
    let last = '';
    for await (const segment of result.segments) {
      if (count === 0) servedAtFirst = progress.served;
      count++;
      last = segment.target;
      if (count % 20_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(progress.served).toBeGreaterThanOrEqual(FILE_BYTES);
    // The first segment comes out after the first chunk, not after the whole file.
    expect(servedAtFirst).toBeLessThanOrEqual(2 * CHUNK);
    expect(count).toBe(result.stats.imported);
    expect(count).toBeGreaterThan(90_000);
    expect(last).toBe(`Bestellung ${count - 1} wird binnen {0} Tagen versandt; siehe <a>AGB</a>.`);
    // Live heap while parsing stays a small fraction of the 50 MB file (one chunk, one <tu>, parser state).
    expect(peak).toBeLessThan(FILE_BYTES / 8);
  }, 120_000);
});
