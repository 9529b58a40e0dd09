/** Where the data lives: an embedded SQLite file (or memory), or a PostgreSQL server. */
export type DatabaseTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export const DEFAULT_DATABASE_URL = 'sqlite:./data/platform.db';

/**
 * Parses `sqlite:PATH`, `sqlite::memory:` or `postgres://…` (also `postgresql://…`).
 * Anything else is a TypeError naming the accepted forms.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '')
      throw new TypeError('database URL "sqlite:" needs a path, e.g. sqlite:./data/platform.db');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  throw new TypeError(
    `unsupported database URL "${redactUrl(url)}": use sqlite:PATH, sqlite::memory: or postgres://user:pass@host/db`,
  );
}

/** The URL with any password replaced, safe for logs and error messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
