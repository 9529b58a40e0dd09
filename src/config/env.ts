/**
 * Settings read from environment variables. Every error names the variable, so a mistake in a
 * deployment's environment is found without reading the code (`SVC_API_URL: "…" is not a valid URL`).
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An http(s) URL from `name`, or `fallback` when it is unset or empty. */
export function urlFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
    throw new TypeError(`${name}: "${raw}" is not a valid URL (http:// or https://)`);
  return raw;
}

/** LOG_LEVEL (pino's levels), or `fallback` when it is unset or empty. */
export function logLevelFromEnv(env: NodeJS.ProcessEnv, fallback: string): string {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === '') return fallback;
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new TypeError(`LOG_LEVEL: "${raw}" is not one of ${LOG_LEVELS.join(', ')}`);
  return raw;
}

/** `read(value)`, with any error it throws prefixed by the variable the value came from. */
export function withEnvName<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${name}: ${message}`, { cause: error });
  }
}
