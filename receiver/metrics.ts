import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The receiver's Prometheus metrics, in a registry of their own (never prom-client's global one). */
export interface ReceiverMetrics {
  registry: Registry;
  received: Counter<'type'>;
  duplicates: Counter;
  rejected: Counter<'reason'>;
  processed: Counter;
  failed: Counter;
  dead: Counter;
  queueDepth: Gauge;
  handlerSeconds: Histogram;
  ingestSeconds: Histogram;
}

/**
 * Creates the metrics. `depth` is asked for the queue depth at each scrape, so the gauge is right
 * across processes sharing the database.
 */
export function createMetrics(depth: () => Promise<number>): ReceiverMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    received: new Counter({
      name: 'receiver_webhooks_received_total',
      help: 'Verified webhook deliveries stored in the inbox, by event type (ignored ones as well)',
      labelNames: ['type'],
      registers,
    }),
    duplicates: new Counter({
      name: 'receiver_webhooks_duplicates_total',
      help: 'Deliveries whose webhook-id was already stored (the platform retried)',
      registers,
    }),
    rejected: new Counter({
      name: 'receiver_webhooks_rejected_total',
      help: 'Deliveries refused at the front door, by reason',
      labelNames: ['reason'],
      registers,
    }),
    processed: new Counter({
      name: 'receiver_events_processed_total',
      help: 'Events handled successfully',
      registers,
    }),
    failed: new Counter({
      name: 'receiver_events_failed_total',
      help: 'Event attempts that failed and will be retried',
      registers,
    }),
    dead: new Counter({
      name: 'receiver_events_dead_total',
      help: 'Events given up on (attempts spent or a permanent error); see `receiver dead-letters`',
      registers,
    }),
    queueDepth: new Gauge({
      name: 'receiver_queue_depth',
      help: 'Events waiting or being handled',
      registers,
      async collect() {
        this.set(await depth());
      },
    }),
    handlerSeconds: new Histogram({
      name: 'receiver_handler_duration_seconds',
      help: 'Time one handle() call took (one group batch)',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    ingestSeconds: new Histogram({
      name: 'receiver_ingest_duration_seconds',
      help: 'From a delivery arriving to it being durably stored (verification, parsing, group commit)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
  };
}
