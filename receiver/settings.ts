import { type LimitsConfig, limitsFromEnv } from '../src/api/index.ts';
import { urlFromEnv, withEnvName } from '../src/config/env.ts';
import { parseDatabaseUrl } from '../src/db/url.ts';
import { type ServerTimeouts, timeoutsFromEnv } from '../src/http/server-timeouts.ts';
import { secretKey } from '../src/webhooks/standard-webhooks.ts';
import { allowedRepositories, repositoryPatterns } from './allowed-repos.ts';
import { type GitHubSettings, gitHubSettingsFromEnv } from './github-access.ts';

/** Where the receiver keeps its inbox unless told otherwise. */
export const DEFAULT_RECEIVER_DATABASE_URL = 'sqlite:./data/receiver.db';

/** Webhook bodies are small (5 MiB at most): headers within 20 s, a whole request within 1 min. */
export const RECEIVER_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, requestMs: 60_000, keepAliveMs: 5_000 };

/** Everything the receiver reads from its environment and flags, checked once at start. */
export interface ReceiverSettings {
  port: number;
  host: string;
  /** `sqlite:PATH`, `sqlite::memory:` or `postgres://…`. */
  databaseUrl: string;
  /** Webhook signing secrets (`whsec_…`); several while one is rotated out. */
  secrets: string[];
  /** The platform the events come from: SVC_API_URL, SVC_API_KEY, SVC_RATE_WINDOW_MS/SVC_RATE_SHARE. */
  platform: { url: string; apiKey: string; limits: Partial<LimitsConfig>; share: number };
  /** RECEIVER_ALLOWED_REPOS as a test of `owner/name`. */
  isAllowed: (fullName: string) => boolean;
  /** RECEIVER_PUBLIC_BADGES: the repositories whose progress badge is served; none when unset. */
  publicBadges?: ((fullName: string) => boolean) | undefined;
  github: GitHubSettings;
  /** SVC_RECEIVER_LEASE_MS, SVC_RECEIVER_POLL_MS. */
  worker: { leaseMs?: number; pollMs?: number };
  timeouts: ServerTimeouts;
}

/** What the command line gives; the environment fills the rest. */
export interface ReceiverFlags {
  port?: string | number;
  host?: string;
  /** Database URL (env SVC_RECEIVER_DATABASE_URL). */
  db?: string | undefined;
}

/** SVC_WEBHOOK_SECRET: one `whsec_…` secret, or several separated by spaces or commas (rotation). */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const secrets = (env.SVC_WEBHOOK_SECRET ?? '').split(/[\s,]+/).filter(Boolean);
  if (secrets.length === 0) {
    throw new Error(
      "SVC_WEBHOOK_SECRET is not set: give the webhook configuration's signing secret (whsec_…)",
    );
  }
  // A secret that is not base64 would otherwise fail every delivery, not the start.
  for (const secret of secrets) withEnvName('SVC_WEBHOOK_SECRET', () => secretKey(secret));
  return secrets;
}

/** The receiver's database: the flag, else SVC_RECEIVER_DATABASE_URL (checked), else sqlite:./data/receiver.db. */
export function receiverDatabaseUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag !== undefined) return flag;
  const fromEnv = env.SVC_RECEIVER_DATABASE_URL;
  if (!fromEnv) return DEFAULT_RECEIVER_DATABASE_URL;
  withEnvName('SVC_RECEIVER_DATABASE_URL', () => parseDatabaseUrl(fromEnv));
  return fromEnv;
}

function milliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a whole number of milliseconds, got "${raw}"`);
  return n;
}

/**
 * The receiver's settings from flags and the environment (DESIGN §4: SVC_WEBHOOK_SECRET,
 * SVC_RECEIVER_DATABASE_URL, SVC_API_URL, SVC_API_KEY, RECEIVER_ALLOWED_REPOS, GITHUB_TOKEN or
 * GITHUB_APP_ID + GITHUB_APP_PRIVATE_KEY, GITHUB_API_URL, …). Throws on the first bad or missing
 * value with its name and what it should be.
 */
export function receiverSettingsFromEnv(env: NodeJS.ProcessEnv, flags: ReceiverFlags = {}): ReceiverSettings {
  const port = Number(flags.port ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0–65535, got ${flags.port}`);
  const secrets = secretsFromEnv(env);
  const url = receiverDatabaseUrl(flags.db, env);
  const platformUrl = urlFromEnv(env, 'SVC_API_URL', 'http://127.0.0.1:8080');
  const apiKey = env.SVC_API_KEY;
  if (!apiKey) throw new Error('SVC_API_KEY is not set: give the platform API key the receiver uses');
  const isAllowed = allowedRepositories(env.RECEIVER_ALLOWED_REPOS);
  const publicBadges = repositoryPatterns(env.RECEIVER_PUBLIC_BADGES, 'RECEIVER_PUBLIC_BADGES');
  const github = gitHubSettingsFromEnv(env);
  const leaseMs = milliseconds(env, 'SVC_RECEIVER_LEASE_MS');
  const pollMs = milliseconds(env, 'SVC_RECEIVER_POLL_MS');
  return {
    port,
    host: flags.host ?? '127.0.0.1',
    databaseUrl: url,
    secrets,
    platform: { url: platformUrl, apiKey, ...limitsFromEnv(env) },
    isAllowed,
    ...(publicBadges ? { publicBadges } : {}),
    github,
    worker: { ...(leaseMs ? { leaseMs } : {}), ...(pollMs ? { pollMs } : {}) },
    timeouts: timeoutsFromEnv(env, RECEIVER_TIMEOUTS),
  };
}
