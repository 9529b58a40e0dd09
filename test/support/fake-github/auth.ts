/**
 * Credentials: personal tokens given up front, the GitHub App's key pair and JWTs, and the
 * installation tokens issued through POST /app/installations/{id}/access_tokens.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { HttpError } from './http-error.ts';
import { jwtProblem } from './jwt.ts';
import type { Actor } from './state.ts';

export interface Principal {
  kind: 'token' | 'installation' | 'app';
  actor: Actor;
  /** The credential itself: the rate-limit bucket. */
  credential: string;
  /** Lower-cased repository names an installation token was narrowed to; undefined = all. */
  repositories?: Set<string>;
}

export interface AppIdentity {
  id: number;
  slug: string;
  installationId: number;
  /** The app's private key (PKCS#1 PEM, as GitHub hands it out); generated on first use. */
  readonly privateKey: string;
}

interface IssuedToken {
  principal: Principal;
  expiresAt: number;
}

const BAD_CREDENTIALS = 'Bad credentials';
/** Installation tokens expire after one hour. */
const INSTALLATION_TOKEN_MS = 60 * 60 * 1000;
export const DEFAULT_PERMISSIONS: Record<string, string> = {
  checks: 'write',
  contents: 'write',
  issues: 'write',
  metadata: 'read',
  pull_requests: 'write',
};

/** A token in GitHub's format: a type prefix and 36 base62 characters. */
export function newToken(prefix: 'ghp' | 'ghs'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${[...randomBytes(36)].map((b) => alphabet[b % 62]).join('')}`;
}

export class Auth {
  readonly app: AppIdentity;
  readonly user: Actor;
  readonly bot: Actor;
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly now: () => number;
  private keys: { privatePem: string; publicKey: KeyObject } | undefined;

  constructor(options: {
    tokens: string[];
    app: { id: number; privateKeyPem?: string | undefined };
    installationId: number;
    now: () => number;
  }) {
    this.now = options.now;
    this.user = { login: 'octocat', id: 583231, type: 'User' };
    const slug = 'svc-connector';
    this.bot = { login: `${slug}[bot]`, id: 41898282 + options.app.id, type: 'Bot' };
    for (const token of options.tokens) {
      this.tokens.set(token, {
        principal: { kind: 'token', actor: this.user, credential: token },
        expiresAt: Number.POSITIVE_INFINITY,
      });
    }
    const given = options.app.privateKeyPem;
    if (given) this.keys = { privatePem: given, publicKey: createPublicKey(createPrivateKey(given)) };
    const keys = () => this.keyPair();
    this.app = {
      id: options.app.id,
      slug,
      installationId: options.installationId,
      get privateKey() {
        return keys().privatePem;
      },
    };
  }

  /** Resolves the Authorization header (`token X` or `Bearer X`, JWT or token) or throws 401. */
  authenticate(header: string | undefined): Principal {
    if (!header) throw new HttpError(401, 'Requires authentication');
    const match = /^(token|bearer)\s+(\S+)$/i.exec(header.trim());
    if (!match) throw new HttpError(401, BAD_CREDENTIALS);
    const credential = match[2] as string;
    if (credential.split('.').length === 3) {
      if (!this.keys) throw new HttpError(401, 'A JSON web token could not be decoded');
      const problem = jwtProblem(credential, this.keys.publicKey, this.app.id, Math.floor(this.now() / 1000));
      if (problem) throw new HttpError(401, problem);
      return { kind: 'app', actor: this.bot, credential: `app:${this.app.id}` };
    }
    const issued = this.tokens.get(credential);
    if (!issued || issued.expiresAt <= this.now()) throw new HttpError(401, BAD_CREDENTIALS);
    return issued.principal;
  }

  /** Issues an installation token (optionally narrowed to some repositories and permissions). */
  issueInstallationToken(
    repositories: string[] | undefined,
    permissions: Record<string, string> | undefined,
  ) {
    const token = newToken('ghs');
    const expiresAt = this.now() + INSTALLATION_TOKEN_MS;
    const principal: Principal = { kind: 'installation', actor: this.bot, credential: token };
    if (repositories) principal.repositories = new Set(repositories.map((r) => r.toLowerCase()));
    this.tokens.set(token, { principal, expiresAt });
    return { token, expiresAt, permissions: permissions ?? DEFAULT_PERMISSIONS };
  }

  private keyPair(): { privatePem: string; publicKey: KeyObject } {
    if (!this.keys) {
      // 2048-bit keys take tens of milliseconds, so only suites that use the app pay for one.
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      this.keys = { privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(), publicKey };
    }
    return this.keys;
  }
}
