import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createReceiverApp } from '../../receiver/app.ts';
import type { EventPhases, InboxEvent } from '../../receiver/contracts.ts';
import { jobDeliver, receiverTestDatabase, SECRET, signed } from './support/index.ts';

const EVENTS = 1000;
const GROUPS = 25;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('two receivers on one database', () => {
  it(`handle ${EVENTS} events between them with none handled twice and one worker per group at a time`, async () => {
    const target = await receiverTestDatabase();
    cleanup.push(() => target.drop());
    const handled = new Map<number, number>();
    const active = new Map<string, number>();
    let overlaps = 0;
    const phases = (): EventPhases => ({
      nameGroup: async (event) => `acme/app${(event.payload as { id: number }).id % GROUPS}@main`,
      async handleBatch(events: InboxEvent[]) {
        const group = events[0]!.groupKey!;
        active.set(group, (active.get(group) ?? 0) + 1);
        if (active.get(group)! > 1) overlaps++;
        await new Promise((r) => setTimeout(r, 2 + Math.random() * 5));
        for (const e of events) {
          const id = (e.payload as { id: number }).id;
          handled.set(id, (handled.get(id) ?? 0) + 1);
        }
        active.set(group, active.get(group)! - 1);
      },
    });
    const urls: string[] = [];
    for (const database of [target.database, await target.connect()]) {
      const app = createReceiverApp({
        database,
        secrets: [SECRET],
        phases: phases(),
        checkPlatform: async () => {},
        worker: { pollMs: 20, concurrency: 3 },
      });
      const server: Server = await new Promise((resolve) => {
        const s = app.app.listen(0, '127.0.0.1', () => resolve(s));
      });
      app.worker.start();
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      cleanup.push(async () => {
        await new Promise((r) => server.close(r));
        await app.inbox.drain();
        await app.worker.stop();
      });
    }

    let next = 0;
    const post = async () => {
      while (next < EVENTS) {
        const id = ++next;
        const body = jobDeliver(id);
        const res = await fetch(`${urls[id % 2]}/webhooks`, {
          method: 'POST',
          headers: signed(body, { id: `msg_${id}` }),
          body,
        });
        expect(res.status).toBe(202);
      }
    };
    await Promise.all(Array.from({ length: 16 }, post));

    const deadline = Date.now() + 60_000;
    while (handled.size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(handled.size).toBe(EVENTS);
    expect([...handled.values()].every((n) => n === 1)).toBe(true);
    expect(overlaps).toBe(0);
  }, 90_000);
});
