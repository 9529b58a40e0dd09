/** One at a time: `run` calls wait for the ones before them, in order. */
export interface Mutex {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether a call holds it now. */
  readonly held: boolean;
}

export function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  return {
    run(fn) {
      const turn = tail.then(async () => {
        held++;
        try {
          return await fn();
        } finally {
          held--;
        }
      });
      // The next caller waits for this one to settle, whether it succeeded or not.
      tail = turn.catch(() => {});
      return turn;
    },
    get held() {
      return held > 0;
    },
  };
}
