/**
 * receiver/pull-request-batch/: how the events of one repository and base branch become one pull
 * request. The worker calls the two phases below; the event handlers (receiver/handlers/, one file
 * per event type) say what each event brings; the rest of this folder is the batch machinery
 * around them — the group key, the deliveries a batch collects, the merge into the base branch
 * (DESIGN §7), the QA findings and the one commit and pull request.
 */
import type { Logger } from 'pino';
import type { Client } from '../../src/api/index.ts';
import type { GitHub } from '../../src/github/client.ts';
import type { EventPhases } from '../contracts.ts';
import { allEventHandlers } from '../handlers/all-events.ts';
import type { Registry } from '../handlers/registry.ts';
import type { ReceiverDb } from '../store/schema.ts';
import { handleBatch } from './handle-batch.ts';
import { nameGroup } from './name-group.ts';
import type { HandlerStep } from './write-pull-request.ts';

export interface PhasesDeps {
  client: Client;
  /** An Octokit for a repository (a token's, or the GitHub App installation's). */
  github: (owner: string, repo: string) => Promise<GitHub>;
  isAllowed: (fullName: string) => boolean;
  log: Logger;
  /** The receiver's database: which source upload each translated file on a branch came from. */
  db: ReceiverDb;
  now?: () => number;
  /** The platform's address: the PR body links its workbench. */
  platformUrl?: string | undefined;
  /** Default: every event type's handler (all-events.ts). */
  registry?: Registry;
  /** Called at each step of a batch; a test that crashes the receiver at a given step pauses there. */
  onStep?: (step: HandlerStep) => Promise<void>;
}

/**
 * The worker's two phases over the event handlers: name each event's group (phase 1, name-group.ts),
 * then handle the batch of a group (phase 2, handle-batch.ts).
 */
export function createPhases(deps: PhasesDeps): EventPhases {
  const registry = deps.registry ?? allEventHandlers();
  const now = deps.now ?? Date.now;
  return {
    nameGroup: (event, signal) =>
      nameGroup({ registry, client: deps.client, log: deps.log, isAllowed: deps.isAllowed }, event, signal),
    handleBatch: (events, signal) =>
      handleBatch(
        {
          registry,
          client: deps.client,
          github: deps.github,
          log: deps.log,
          db: deps.db,
          now,
          platformUrl: deps.platformUrl,
          onStep: deps.onStep,
        },
        events,
        signal,
      ),
  };
}
