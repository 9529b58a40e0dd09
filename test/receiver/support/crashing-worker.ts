/**
 * A receiver worker in a process of its own, for the crash test: it handles the events of the
 * database given as argv[2] with a handler that never finishes, prints `handling N` once it has
 * claimed them, and waits to be killed. Its lease is argv[3] milliseconds.
 */
import pino from 'pino';
import { openReceiverDatabase } from '../../../receiver/store/open.ts';
import { createReceiverWorker } from '../../../receiver/worker.ts';
import { testMetrics } from './index.ts';

const database = await openReceiverDatabase(process.argv[2]!);
const worker = createReceiverWorker({
  db: database.db,
  dialect: database.dialect,
  phases: {
    nameGroup: async () => 'acme/app@main',
    handleBatch: (events) => {
      process.stdout.write(`handling ${events.map((e) => e.id).join(',')}\n`);
      return new Promise(() => {});
    },
  },
  metrics: testMetrics(database),
  log: pino({ level: 'silent' }),
  leaseMs: Number(process.argv[3]),
  pollMs: 10,
});
worker.start();
