import type { Client } from '../../src/api/index.ts';
import type { PullRequestView } from './branch.ts';
import { platformDeliveries } from './deliveries.ts';
import { findLost } from './judge.ts';
import { type SoakSources, TARGETS, translationPath } from './sources.ts';

export interface FinalCheck {
  /** One line per lost job, translation or final change (judge.ts). */
  lost: string[];
  jobsDelivered: number;
  prsOpen: number;
}

/**
 * The end of the soak: every delivery the platform reports (through the client), held against
 * the pull request as the GitHub API shows it now and as it was seen during the run.
 */
export async function checkNothingLost(o: {
  client: Client;
  pr: PullRequestView;
  sources: SoakSources;
  /** Jobs and instant translations the Action started. */
  started: { jobs: number[]; translations: number[] };
}): Promise<FinalCheck> {
  const deliveries = await platformDeliveries(o.client);
  const branch = new Map<string, string | undefined>();
  for (const path of o.sources.allPaths())
    for (const lang of TARGETS) {
      const at = translationPath(path, lang);
      branch.set(at, await o.pr.read(at));
    }
  const lost = findLost({
    deliveries,
    started: o.started,
    paths: o.sources.allPaths(),
    targets: TARGETS,
    versionOf: o.sources.versionOf,
    latest: o.sources.latest,
    onBranch: (path, lang) => branch.get(translationPath(path, lang)),
    everOnBranch: (path, lang, text) => o.pr.seen(translationPath(path, lang), text),
  });
  return {
    lost,
    jobsDelivered: deliveries.filter((d) => d.kind === 'job').length,
    prsOpen: (await o.pr.openPulls()).length,
  };
}
