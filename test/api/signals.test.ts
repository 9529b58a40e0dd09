import { describe, expect, it } from 'vitest';
import { linkSignal } from '../../src/api/http/signals.ts';

describe('linkSignal', () => {
  it('follows the caller’s signal with its reason, for every call sharing it', () => {
    const parent = new AbortController();
    const links = Array.from({ length: 1000 }, () => linkSignal(parent.signal));
    parent.abort(new Error('shutdown'));
    expect(links.every((l) => l.signal.aborted && (l.signal.reason as Error).message === 'shutdown')).toBe(
      true,
    );
  });

  it('stops following once unlinked, and starts aborted for a signal that already is', () => {
    const parent = new AbortController();
    const done = linkSignal(parent.signal);
    const live = linkSignal(parent.signal);
    done.unlink();
    parent.abort();
    expect(done.signal.aborted).toBe(false);
    expect(live.signal.aborted).toBe(true);
    expect(linkSignal(AbortSignal.abort('gone')).signal.reason).toBe('gone');
  });

  it('can be aborted on its own without touching the caller’s signal or other calls', () => {
    const parent = new AbortController();
    const a = linkSignal(parent.signal);
    const b = linkSignal(parent.signal);
    a.abort('timeout');
    expect([a.signal.aborted, b.signal.aborted, parent.signal.aborted]).toEqual([true, false, false]);
    expect(linkSignal(undefined).signal.aborted).toBe(false);
  });
});
