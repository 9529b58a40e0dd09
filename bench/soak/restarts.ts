/**
 * Restarts the platform and the receiver in turn while the lanes work: a graceful SIGTERM
 * mostly, and every `killEvery`-th restart a SIGKILL aimed at work in flight — the receiver while
 * a delivered job or translation is being written to the pull request, the platform while a job
 * waits for delivery or its webhook — which must lose nothing either: the platform's outbox and
 * the receiver's inbox are durable.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LanePhase } from './lane.ts';
import type { Mutex } from './mutex.ts';
import type { Service } from './services.ts';

export interface RestartCounts {
  platform: number;
  receiver: number;
  killed: number;
  /** Restarts that happened while some lane had work in flight. */
  in_flight: number;
}

export interface RestartDeps {
  platform: Service;
  receiver: Service;
  /** The Action's lock: the platform restarts between Action runs, never during one. */
  actionLock: Mutex;
  phases(): LanePhase[];
  /** Restart n (from 1) is due `n × everyMs` after the call… */
  everyMs: number;
  /** …while that is no later than this (Date.now() time). */
  lastAt: number;
  killEvery: number;
  /** Ends the loop early (its sleeps too). */
  signal: AbortSignal;
  random: () => number;
  say(line: string): void;
}

/** How long a kill waits for work in flight before it strikes anyway. */
const AIM_MS = 15_000;

export async function runRestarts(d: RestartDeps): Promise<RestartCounts> {
  const counts: RestartCounts = { platform: 0, receiver: 0, killed: 0, in_flight: 0 };
  const aborted = () => d.signal.aborted;
  const inFlight = (wanted: LanePhase[]) => d.phases().some((p) => wanted.includes(p));
  const t0 = Date.now();
  for (let n = 0; ; n++) {
    // On a fixed schedule: a slow graceful stop does not push the later restarts out.
    const due = t0 + (n + 1) * d.everyMs;
    if (due > d.lastAt) return counts;
    try {
      await sleep(Math.max(0, due - Date.now()), undefined, { signal: d.signal });
    } catch {
      return counts;
    }
    const service = n % 2 === 0 ? d.receiver : d.platform;
    const kill = n % d.killEvery === d.killEvery - 1;
    const target: LanePhase[] = service === d.receiver ? ['delivering'] : ['awaiting-delivery', 'delivering'];
    if (kill) {
      const until = Date.now() + AIM_MS;
      while (!inFlight(target) && Date.now() < until && !aborted()) await sleep(50);
      // Somewhere inside the work, not always at its first step.
      await sleep(Math.floor(d.random() * 400));
    }
    if (aborted()) return counts;
    const restart = async () => {
      const busy = inFlight(['awaiting-delivery', 'delivering']);
      await service.stop(kill ? 'SIGKILL' : 'SIGTERM');
      await service.start();
      return busy;
    };
    const busy = service === d.platform ? await d.actionLock.run(restart) : await restart();
    counts[service.name]++;
    if (kill) counts.killed++;
    if (busy) counts.in_flight++;
    d.say(
      `${kill ? 'killed' : 'restarted'} ${service.name} (now #${service.instance})${busy ? ' with work in flight' : ''}`,
    );
  }
}
