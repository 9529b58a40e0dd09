/**
 * One lane of the soak: change the lane's source strings on main, run the Action (job and instant
 * mode in turn), and wait until the receiver has put the result on the pull request — then again,
 * until told to stop. Several lanes run at once on their own files, so deliveries of one lane are
 * in flight while another runs the Action and while the services restart.
 */
import type { Client } from '../../src/api/index.ts';
import type { PullRequestView } from './branch.ts';
import type { Mutex } from './mutex.ts';
import type { LoopTiming } from './pace.ts';
import { type SoakSources, TARGETS, translationPath } from './sources.ts';
import { within } from './within.ts';

/** Where a lane is: the restarts aim their kills at work in flight. */
export type LanePhase = 'changing' | 'awaiting-delivery' | 'delivering' | 'idle';

export interface LaneDeps {
  lane: number;
  sources: SoakSources;
  client: Client;
  pr: PullRequestView;
  /** Held while a change is committed and the Action runs on it (the platform restarts outside it). */
  actionLock: Mutex;
  commit(files: Record<string, string>, message: string): Promise<unknown>;
  runAction(mode: 'job' | 'instant'): Promise<Record<string, string>>;
  /** True once no new loop should start. */
  stopping(): boolean;
  /** Longest wait for one loop's result before the lane moves on (the final check decides). */
  waitMs: number;
  say(line: string): void;
}

export interface LaneRecord {
  loops: number;
  instantRuns: number;
  jobs: number[];
  translations: number[];
  /** Loops whose result did not reach the pull request within waitMs. */
  slow: string[];
  timings: LoopTiming[];
}

const decoder = new TextDecoder();

export function createLane(deps: LaneDeps) {
  const record: LaneRecord = { loops: 0, instantRuns: 0, jobs: [], translations: [], slow: [], timings: [] };
  let phase: LanePhase = 'idle';
  const { client, lane } = deps;

  async function awaitJob(id: number): Promise<boolean> {
    return within(deps.waitMs, async () => {
      const job = await client.jobs.get(id);
      if (job.status === 'delivered') phase = 'delivering';
      return job.status === 'archived';
    });
  }

  /** The translated files of finished translations (path → text); undefined while some run. */
  async function translatedFiles(ids: number[]): Promise<Map<string, string> | undefined> {
    const statuses = await client.instant.status({ translationIds: ids });
    const done = (s: (typeof statuses)[number]) => s.status === 'ReadyForDownload' || s.status === 'Failed';
    if (statuses.length !== ids.length || !statuses.every(done)) return undefined;
    phase = 'delivering';
    const files = new Map<string, string>();
    // A failed one has nothing to wait for; the final check lists it.
    for (const s of statuses.filter((x) => x.status === 'ReadyForDownload')) {
      const [file] = await client.files.list({ id: Number(s.fileId) });
      if (!file) throw new Error(`translation ${s.id}: file ${s.fileId} is not on the platform`);
      files.set(
        translationPath(file.name, s.trgLang),
        decoder.decode(await client.instant.download(s.id, { as: 'bytes' })),
      );
    }
    return files;
  }

  async function awaitInstant(ids: number[]): Promise<boolean> {
    let expected: Map<string, string> | undefined;
    // Every step is retried on the next poll: the platform may be restarting under any of them.
    return within(deps.waitMs, async () => {
      expected ??= await translatedFiles(ids);
      if (!expected) return false;
      for (const [path, text] of expected) if ((await deps.pr.read(path)) !== text) return false;
      return true;
    });
  }

  async function loop(n: number) {
    const mode = (n + lane) % 2 === 0 ? 'job' : 'instant';
    phase = 'changing';
    const began = Date.now();
    let ranAt = began;
    const outputs = await deps.actionLock.run(async () => {
      ranAt = Date.now();
      const files = deps.sources.change(lane);
      await deps.commit(files, `lane ${lane} loop ${n}: ${Object.keys(files).join(', ')}`);
      return deps.runAction(mode);
    });
    const ranFor = Date.now() - ranAt;
    phase = 'awaiting-delivery';
    let arrived: boolean;
    if (mode === 'job') {
      const id = Number(outputs['job-id']);
      if (!Number.isInteger(id) || id <= 0) throw new Error(`lane ${lane}: the Action created no job`);
      record.jobs.push(id);
      arrived = await awaitJob(id);
    } else {
      const ids = (outputs['translation-ids'] ?? '').split(',').filter(Boolean).map(Number);
      if (ids.length === 0) throw new Error(`lane ${lane}: the Action started no instant translation`);
      record.translations.push(...ids);
      record.instantRuns++;
      arrived = await awaitInstant(ids);
    }
    if (!arrived) {
      record.slow.push(`lane ${lane} loop ${n} (${mode}) not on the pull request after ${deps.waitMs} ms`);
      deps.say(record.slow.at(-1)!);
    }
    // Seen on the pull request before the lane changes its files again (judge.ts relies on it).
    await within(deps.waitMs, async () => {
      for (const path of deps.sources.paths(lane))
        for (const lang of TARGETS) await deps.pr.read(translationPath(path, lang));
      return true;
    });
    const ended = Date.now();
    record.timings.push({
      endedAt: ended,
      loopMs: ended - began,
      actionMs: ranFor,
      deliveryMs: ended - ranAt - ranFor,
    });
    record.loops++;
    phase = 'idle';
  }

  return {
    record,
    phase: () => phase,
    /** Runs loops until `stopping()`; a failed Action run ends the lane with its error. */
    async run(): Promise<void> {
      for (let n = 1; !deps.stopping(); n++) await loop(n);
    },
  };
}

export type Lane = ReturnType<typeof createLane>;
