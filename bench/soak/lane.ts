/**
 * One lane of the soak: change the lane's source strings on main, run the Action (job and instant
 * mode in turn), and wait until the receiver has put the result on the pull request — then again,
 * until told to stop. Several lanes run at once on their own files, so deliveries of one lane are
 * in flight while another runs the Action and while the services restart.
 */
import type { Client } from '../../src/api/index.ts';
import type { PullRequestView } from './branch.ts';
import type { Mutex } from './mutex.ts';
import { type SoakSources, translationPath } from './sources.ts';
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
}

const decoder = new TextDecoder();

export function createLane(deps: LaneDeps) {
  const record: LaneRecord = { loops: 0, instantRuns: 0, jobs: [], translations: [], slow: [] };
  let phase: LanePhase = 'idle';
  const { client, lane } = deps;

  async function awaitJob(id: number): Promise<boolean> {
    return within(deps.waitMs, async () => {
      const job = await client.jobs.get(id);
      if (job.status === 'delivered') phase = 'delivering';
      return job.status === 'archived';
    });
  }

  async function awaitInstant(ids: number[]): Promise<boolean> {
    const expected = new Map<string, string>();
    const ready = await within(deps.waitMs, async () => {
      const statuses = await client.instant.status({ translationIds: ids });
      return (
        statuses.length === ids.length &&
        statuses.every((s) => s.status === 'ReadyForDownload' || s.status === 'Failed')
      );
    });
    if (!ready) return false;
    phase = 'delivering';
    for (const s of await client.instant.status({ translationIds: ids })) {
      if (s.status !== 'ReadyForDownload') return false; // a failure: the final check lists it
      const [file] = await client.files.list({ id: Number(s.fileId) });
      const text = decoder.decode(await client.instant.download(s.id, { as: 'bytes' }));
      expected.set(translationPath(file!.name, s.trgLang), text);
    }
    return within(deps.waitMs, async () => {
      for (const [path, text] of expected) if ((await deps.pr.read(path)) !== text) return false;
      return true;
    });
  }

  async function loop(n: number) {
    const mode = (n + lane) % 2 === 0 ? 'job' : 'instant';
    phase = 'changing';
    const outputs = await deps.actionLock.run(async () => {
      const files = deps.sources.change(lane);
      await deps.commit(files, `lane ${lane} loop ${n}: ${Object.keys(files).join(', ')}`);
      return deps.runAction(mode);
    });
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
