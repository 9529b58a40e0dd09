import type { MtSettings } from '../../settings.ts';
import { libreTranslateProvider } from './libretranslate.ts';
import { offlineProvider } from './offline.ts';
import { openAiProvider } from './openai.ts';
import type { MtProvider } from './types.ts';

/** The provider the settings name (checked by `readSettings`), talking through `fetch`. */
export function mtProvider(settings: MtSettings, deps: { fetch?: typeof fetch } = {}): MtProvider {
  const fetch = deps.fetch ?? globalThis.fetch;
  switch (settings.provider) {
    case 'offline':
      return offlineProvider();
    case 'openai': {
      const { provider: _, ...options } = settings;
      return openAiProvider({ ...options, fetch });
    }
    case 'libretranslate': {
      const { provider: _, ...options } = settings;
      return libreTranslateProvider({ ...options, fetch });
    }
  }
}
