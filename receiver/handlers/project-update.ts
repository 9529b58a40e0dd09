import { recordedOnly } from './recorded.ts';

/** PROJECT_UPDATE: a project changed state; nothing to write, so it is recorded only. */
export const projectUpdate = recordedOnly('PROJECT_UPDATE');
