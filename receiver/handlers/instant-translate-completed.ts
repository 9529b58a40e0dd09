import { instantTranslation } from './instant-translation.ts';

/** INSTANT_TRANSLATE_COMPLETED: the translated file goes into its repository's pull request. */
export const instantTranslateCompleted = instantTranslation;
