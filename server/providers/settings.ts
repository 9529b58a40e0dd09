/**
 * Reading the settings of outside providers (machine translation, content generation) from the
 * environment: a wrong value stops the server at start with the setting's name, never later.
 * `scope` names the part of the platform in the message (`mt`, `content`).
 */

/** A positive integer setting, or `fallback` when unset. */
export function positiveIntSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  scope: string,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`[${scope}] ${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** An http(s) base URL setting without trailing slashes, or undefined when unset. */
export function httpUrlSetting(env: NodeJS.ProcessEnv, name: string, scope: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`[${scope}] ${name} is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`[${scope}] ${name} must be an http(s) URL, got ${url.protocol}`);
  }
  return raw.replace(/\/+$/, '');
}
