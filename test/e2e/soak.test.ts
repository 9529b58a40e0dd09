import { describe, expect, it } from 'vitest';
import { type Delivery, findLost, type JudgeInput } from '../../bench/soak/judge.ts';
import { notFlat, runFigures, type Sample, serviceFigures } from '../../bench/soak/memory.ts';
import { runSoak } from '../../bench/soak/soak.ts';
import { soakSources } from '../../bench/soak/sources.ts';
import { seededRandom } from '../../bench/support/random.ts';

/** Two versions of one file; deliveries and the branch are made up around them. */
function judged(o: {
  deliveries: Delivery[];
  /** The German file on the branch now, and every text it was seen holding. */
  branch: string | undefined;
  history: string[];
  started?: JudgeInput['started'];
}): string[] {
  const history = ['{"a": "v0"}', '{"a": "v1"}'];
  return findLost({
    deliveries: o.deliveries,
    started: o.started ?? { jobs: [], translations: [] },
    paths: ['locales/en/x.json'],
    targets: ['de'],
    versionOf: (_path, text) => history.indexOf(text),
    latest: () => 1,
    onBranch: () => o.branch,
    everOnBranch: (_path, _lang, text) => o.history.includes(text),
  });
}
const job = (id: number, version: number, acknowledged = true): Delivery => ({
  kind: 'job',
  id,
  acknowledged,
  files: [
    { sourcePath: 'locales/en/x.json', lang: 'de', source: `{"a": "v${version}"}`, text: `de v${version}` },
  ],
});

describe('the soak’s nothing-lost judge', () => {
  const both = ['de v0', 'de v1'];

  it('passes when each translation was committed, the newest is on the branch and every job was archived', () => {
    expect(judged({ deliveries: [job(1, 0), job(2, 1)], branch: 'de v1', history: both })).toEqual([]);
  });

  it('a superseded job the receiver never archived is lost, though its file was overwritten anyway', () => {
    expect(judged({ deliveries: [job(1, 0, false), job(2, 1)], branch: 'de v1', history: both })).toEqual([
      'job 1: delivered but never archived by the receiver',
    ]);
  });

  it('a superseded job whose translation never reached the branch is lost', () => {
    expect(judged({ deliveries: [job(1, 0), job(2, 1)], branch: 'de v1', history: ['de v1'] })).toEqual([
      "job 1: locales/en/x.json → de: version 0's translation was never seen on the branch",
    ]);
  });

  it('an older delivery written over a newer one loses the newer job', () => {
    expect(judged({ deliveries: [job(1, 0), job(2, 1)], branch: 'de v0', history: both })).toEqual([
      "job 2: locales/en/x.json → de: the branch holds another text than version 1's translation (it holds version 0's, from job 1)",
    ]);
  });

  it('a file never on the branch, and a last change never delivered, are lost', () => {
    expect(judged({ deliveries: [job(1, 0)], branch: undefined, history: [] })).toEqual([
      "job 1: locales/en/x.json → de: version 0's translation was never seen on the branch",
      'locales/en/x.json → de: its last change (version 1) was never delivered (newest: 0)',
    ]);
  });

  it('a job the Action created but the platform never delivered is lost, and so is a failed translation', () => {
    const failed: Delivery = {
      kind: 'instant',
      id: 7,
      acknowledged: true,
      files: [],
      failed: 'No_translatable_content',
    };
    expect(
      judged({
        deliveries: [job(2, 1), failed],
        branch: 'de v1',
        history: ['de v1'],
        started: { jobs: [1, 2], translations: [7, 8] },
      }),
    ).toEqual([
      'job 1: created by the Action, never delivered',
      'translation 8: started by the Action, never ready for download',
      'translation 7: failed: No_translatable_content',
    ]);
  });
});

describe('the soak’s memory figures', () => {
  const steady = (from: number, mb: (i: number) => number): Sample[] =>
    Array.from({ length: 30 }, (_, i) => ({ ageMs: from + i * 1000, mb: mb(i) }));

  it('ignore warm-up readings and single spikes, and catch a steady climb', () => {
    const warm = [{ ageMs: 0, mb: 40 }, ...steady(20_000, (i) => (i === 27 ? 400 : 100))];
    const leaking = steady(20_000, (i) => 100 + i * 3);
    const f = serviceFigures([warm, leaking], 15_000);
    expect(f.start).toBe(100);
    // The leaking instance: the median of its last five (175…187) minus that of its first five (100…112).
    expect(f.max_growth).toBe(75);
    expect(notFlat('receiver', f)).toEqual([
      'receiver: grew 75 MiB within one instance (limit 48)',
      'receiver: ended at 181 MiB, started at 100 (limit 149)',
    ]);
    expect(notFlat('receiver', serviceFigures([warm, warm], 15_000))).toEqual([]);
  });

  it('of the Action: each run’s peak against the first runs', () => {
    expect(runFigures([120, 110, 115, 118, 117, 119, 170])).toEqual({ start: 117, end: 118, max_growth: 53 });
  });
});

describe('the soak’s source changes', () => {
  it('never repeat a version, so each delivery maps to one point in a file’s history', () => {
    const sources = soakSources(2, seededRandom(3));
    const seen = new Set(Object.values(sources.initial()));
    for (let loop = 0; loop < 60; loop++)
      for (const [path, text] of Object.entries(sources.change(loop % 2))) {
        expect(seen.has(text)).toBe(false);
        seen.add(text);
        expect(sources.versionOf(path, text)).toBe(sources.latest(path));
        expect(Object.keys(JSON.parse(text)).length).toBeLessThanOrEqual(30);
      }
  });
});

describe('npm run soak, for 18 seconds', () => {
  it('loops through a restart of each service, one of them a SIGKILL, and loses nothing', async () => {
    const lines: string[] = [];
    const { report, problems } = await runSoak({
      minutes: 0.3,
      lanes: 2,
      restartEveryMs: 5_000,
      killEvery: 2,
      leaseMs: 3_000,
      waitMs: 30_000,
      say: (line) => lines.push(line),
    });
    expect(problems, lines.join('\n')).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.prs_open).toBe(1);
    expect(report.restarts.receiver).toBeGreaterThanOrEqual(1);
    expect(report.restarts.platform).toBeGreaterThanOrEqual(1);
    expect(report.restarts.killed).toBeGreaterThanOrEqual(1);
    expect(report.jobs_delivered).toBeGreaterThanOrEqual(2);
    expect(report.instant_runs).toBeGreaterThanOrEqual(1);
    expect(report.rss_mb.platform.start).toBeGreaterThan(0);
    expect(report.rss_mb.action.start).toBeGreaterThan(0);
  }, 90_000);
});
