/**
 * Keeps the lease on running work alive, for the durable queues of both services (the platform's
 * work items, the receiver's events): `renew` every third of the lease, so one slow or failed
 * renewal leaves time for the next before the lease runs out. When `renew` answers false the
 * lease is gone — this process hung past it and another took the work over — and `onLost` runs
 * (the caller aborts its handler: the work's outcome is no longer its to write). Returns the
 * function that stops renewing.
 */
export function keepLease(o: {
  leaseMs: number;
  /** Extends the lease; false when the caller no longer holds it. */
  renew: () => Promise<boolean>;
  onLost: () => void;
  /** A renewal that failed (the database was busy or unreachable); the next one tries again. */
  onError: (err: unknown) => void;
}): () => void {
  const timer = setInterval(() => {
    o.renew()
      .then((held) => {
        if (!held) o.onLost();
      })
      .catch(o.onError);
  }, o.leaseMs / 3);
  return () => clearInterval(timer);
}
