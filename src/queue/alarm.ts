/**
 * The idle wait of a worker's poll loop: `sleep(ms)` waits that long, or less when `ring()` is
 * called meanwhile (work was just stored). A ring while nobody sleeps is not kept: each worker
 * decides itself whether to poll again at once.
 */
export function createAlarm() {
  let wakeUp: (() => void) | undefined;
  return {
    async sleep(ms: number): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, ms);
      });
      clearTimeout(timer);
      wakeUp = undefined;
    },
    ring(): void {
      wakeUp?.();
    },
  };
}
