import type { EventHandler } from './registry.ts';

/** A handler for events that change nothing in a repository: phase 1 records (logs) them, no group. */
export function recordedOnly(eventType: string): EventHandler {
  return { group: async () => ({ recorded: `${eventType} recorded` }) };
}
