/**
 * QA of a translation pull request: the target files about to be committed, checked against the
 * sources in the checkout, reporting only on those files (the check run's annotations).
 */
import type { SvcConfig } from '../config/index.ts';
import { runQa } from './run.ts';
import type { Finding } from './types.ts';

export interface PullRequestQaOptions {
  /** The repository checkout the sources are read from. */
  root: string;
  config: SvcConfig;
  configFile?: string;
}

/** The findings function the pull-request writers take: files → findings on those files. */
export function pullRequestFindings(
  options: PullRequestQaOptions,
): (files: readonly { path: string; content: string | Uint8Array }[]) => Promise<Finding[]> {
  return async (files) => {
    const overlay = new Map(
      files.map((f) => [f.path, typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : f.content]),
    );
    const report = await runQa({ ...options, overlay });
    return report.findings.filter((finding) => overlay.has(finding.path));
  };
}
