import type { Sample } from './memory.ts';
import { childrenRunning, residentOf } from './proc.ts';
import type { Service } from './services.ts';

export interface MemorySampler {
  /** Samples of each instance of a service, in start order. */
  instances(name: Service['name']): Sample[][];
  /** The peak resident memory of each Action run seen, in order. */
  actionPeaks(): number[];
  stop(): void;
}

/** The Action's entry point: how its processes are told apart from the soak's other children. */
const ACTION_SCRIPT = 'dist/index.js';

/**
 * Reads the resident memory of the services every `serviceMs`, and of the Action's processes
 * (children of this process running dist/index.js) every `actionMs`: an Action run lasts a
 * second or two, and its last reading of VmHWM before it ends is its peak.
 */
export function startSampler(services: Service[], o: { serviceMs: number; actionMs: number }): MemorySampler {
  const series = new Map<string, Map<number, Sample[]>>(services.map((s) => [s.name, new Map()]));
  const peaks = new Map<number, number>();
  let busy = false;

  async function sampleServices() {
    for (const s of services) {
      const pid = s.pid();
      if (pid === undefined) continue;
      const instance = s.instance;
      const at = Date.now();
      const r = await residentOf(pid);
      // A reading taken while the process was being replaced belongs to no instance.
      if (!r || s.pid() !== pid) continue;
      const byInstance = series.get(s.name)!;
      if (!byInstance.has(instance)) byInstance.set(instance, []);
      byInstance.get(instance)!.push({ ageMs: at - s.startedAt, mb: r.rssMb });
    }
  }
  async function sampleActions() {
    for (const pid of await childrenRunning(process.pid, ACTION_SCRIPT)) {
      const r = await residentOf(pid);
      if (r) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, r.peakMb));
    }
  }

  let ticks = 0;
  const every = Math.max(1, Math.round(o.serviceMs / o.actionMs));
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    const tick = ticks++;
    void (async () => {
      try {
        await sampleActions();
        if (tick % every === 0) await sampleServices();
      } finally {
        busy = false;
      }
    })();
  }, o.actionMs);
  timer.unref();

  return {
    instances: (name) =>
      [...series.get(name)!.entries()].sort(([a], [b]) => a - b).map(([, samples]) => samples),
    // Map keeps insertion order: runs in the order they were first seen.
    actionPeaks: () => [...peaks.values()],
    stop: () => clearInterval(timer),
  };
}
