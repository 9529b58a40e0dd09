import { parseCookies } from '../../server/workbench/cookies.ts';

/** One workbench response, with the body read. */
export interface Page {
  status: number;
  headers: Headers;
  html: string;
  /** Where a redirect points (relative to the platform). */
  location: string | null;
  setCookies: string[];
}

/**
 * A browser-less client of the workbench: keeps cookies like a browser (path /workbench only),
 * does not follow redirects, and reads CSRF tokens out of pages.
 */
export function workbenchClient(base: string) {
  const jar = new Map<string, string>();

  async function send(path: string, init: RequestInit = {}): Promise<Page> {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(base + path, { ...init, headers, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const [name, value] = [...parseCookies(pair)][0] ?? [];
      if (!name) continue;
      if (/Max-Age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value!);
    }
    return {
      status: res.status,
      headers: res.headers,
      html: await res.text(),
      location: res.headers.get('location'),
      setCookies,
    };
  }

  return {
    jar,
    get: (path: string) => send(path),
    /** POSTs a urlencoded form (as a browser submits one). */
    post: (path: string, fields: Record<string, string>) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    /** Opens the sign-in page and submits the key with the page's CSRF token. */
    async signIn(key: string): Promise<Page> {
      const login = await send('/workbench/login');
      return this.post('/workbench/login', { _csrf: csrfOf(login.html), key, next: '/workbench' });
    },
  };
}

export type WorkbenchClient = ReturnType<typeof workbenchClient>;

/** The `_csrf` value of the first form on a page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1]!;
}
