/**
 * The durable work queue's SQL lives in `server/store/work-items.ts`. This re-export keeps the
 * services that enqueue through `../work/queue.ts` working while their owners move them to the
 * store; new code imports the store module.
 */
export * from '../store/work-items.ts';
