import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls `check` every `pollMs` until it answers true (→ true) or `ms` pass (→ false). An error
 * counts as "not yet": during the soak a call may meet a service in the middle of a restart.
 */
export async function within(ms: number, check: () => Promise<boolean>, pollMs = 250): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(pollMs);
  }
  return false;
}
