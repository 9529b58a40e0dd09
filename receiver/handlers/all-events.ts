import { instantTranslateCompleted } from './instant-translate-completed.ts';
import { instantTranslateFailed } from './instant-translate-failed.ts';
import { jobDeliver } from './job-deliver.ts';
import { jobUpdate } from './job-update.ts';
import { projectDeliver } from './project-deliver.ts';
import { projectUpdate } from './project-update.ts';
import { createRegistry, type Registry } from './registry.ts';

/** Every event type the receiver handles, each by the handler in the file named for it. */
export function allEventHandlers(): Registry {
  const registry = createRegistry();
  registry.on('JOB_DELIVER', jobDeliver);
  registry.on('JOB_UPDATE', jobUpdate);
  registry.on('PROJECT_UPDATE', projectUpdate);
  registry.on('PROJECT_DELIVER', projectDeliver);
  registry.on('INSTANT_TRANSLATE_COMPLETED', instantTranslateCompleted);
  registry.on('INSTANT_TRANSLATE_FAILED', instantTranslateFailed);
  return registry;
}
