/**
 * Per-call signals that follow a caller's signal. Callers often share one signal among thousands
 * of calls (a shutdown signal, a batch's signal), and adding a listener to an EventTarget scans
 * the listeners already there, so thousands of calls each listening directly would cost
 * quadratic time. Each caller signal gets one listener here; calls join and leave a set.
 */
const followers = new WeakMap<AbortSignal, Set<AbortController>>();

export interface LinkedSignal {
  /** Aborts when the caller's signal does (with its reason), or when `abort` is called. */
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
  /** Stops following the caller's signal; call it once the call is over. */
  unlink(): void;
}

/** A signal of the call's own that follows `parent` (if any) until unlinked. */
export function linkSignal(parent: AbortSignal | undefined): LinkedSignal {
  const controller = new AbortController();
  if (parent?.aborted) controller.abort(parent.reason);
  else if (parent) {
    let set = followers.get(parent);
    if (!set) {
      const created = new Set<AbortController>();
      set = created;
      followers.set(parent, created);
      parent.addEventListener(
        'abort',
        () => {
          for (const follower of created) follower.abort(parent.reason);
          created.clear();
        },
        { once: true },
      );
    }
    set.add(controller);
  }
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    unlink: () => {
      if (parent) followers.get(parent)?.delete(controller);
    },
  };
}
