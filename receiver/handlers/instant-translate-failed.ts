import { instantTranslation } from './instant-translation.ts';

/**
 * INSTANT_TRANSLATE_FAILED: the failure is listed in its repository's pull request. The same
 * handler as COMPLETED: a body without `eventType` cannot tell the two apart, so both read the
 * translation's status from the platform.
 */
export const instantTranslateFailed = instantTranslation;
