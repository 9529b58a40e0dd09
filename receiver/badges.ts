/**
 * Progress badges (issue 37, item 4): `GET /badges/<owner>/<repo>.svg` (and `.json`, shields.io's
 * endpoint shape) from the state the last run recorded for the repository's default branch — the
 * figures `svc-connector status` prints (src/ship/progress.ts), and nothing else. Off unless
 * RECEIVER_PUBLIC_BADGES names the repository: a private repository's progress is not public by
 * default, and any other repository gets the same 404 as an unknown one. Answers are cached for
 * five minutes, here and by whoever serves them on.
 */
import { Router } from 'express';
import type { Client } from '../src/api/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { recordedState } from '../src/contracts/sync-state.ts';
import type { GitHub } from '../src/github/client.ts';
import { type LanguageProgress, progressOf } from '../src/ship/progress.ts';

/** A repository's progress per language, or undefined when its badge is not served. */
export type BadgeSource = (owner: string, repo: string) => Promise<LanguageProgress[] | undefined>;

const CACHE_MS = 5 * 60_000;

/**
 * Progress read through GitHub (the default branch and its `.svc.yml`: two calls) and the platform
 * (the state: two requests), at most once per repository every five minutes.
 */
export function badgeSource(o: {
  client: Client;
  github: (owner: string, repo: string) => Promise<GitHub>;
  isPublic: (fullName: string) => boolean;
  now?: () => number;
  configPath?: string;
}): BadgeSource {
  const now = o.now ?? Date.now;
  const cache = new Map<string, { at: number; progress: Promise<LanguageProgress[] | undefined> }>();
  return (owner, repo) => {
    if (!o.isPublic(`${owner}/${repo}`)) return Promise.resolve(undefined);
    const key = `${owner}/${repo}`.toLowerCase();
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_MS) return hit.progress;
    const progress = read(owner, repo).catch(() => undefined);
    cache.set(key, { at: now(), progress });
    return progress;
  };

  async function read(owner: string, repo: string): Promise<LanguageProgress[] | undefined> {
    const gh = await o.github(owner, repo);
    const ref = (await gh.rest.repos.get({ owner, repo })).data.default_branch;
    const path = o.configPath ?? '.svc.yml';
    const file = await gh.rest.repos.getContent({ owner, repo, path, ref });
    if (Array.isArray(file.data) || file.data.type !== 'file' || !('content' in file.data)) return undefined;
    const config = loadConfig(Buffer.from(file.data.content, 'base64').toString('utf8'), { fileName: path });
    return progressOf(config, await recordedState(o.client, { owner, repo, ref }));
  }
}

/** `de 100% · fr 85% held` — each language's translated share, and held back where it is. */
function message(languages: readonly LanguageProgress[]): string {
  return languages
    .map((l) => `${l.lang} ${l.translatedPercent}%${l.status === 'held back' ? ' held' : ''}`)
    .join(' · ');
}

function color(languages: readonly LanguageProgress[]): string {
  const least = Math.min(100, ...languages.map((l) => l.translatedPercent));
  return least >= 100 ? '#4c1' : least >= 80 ? '#a4a61d' : least >= 50 ? '#dfb317' : '#e05d44';
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A flat badge: the label on grey, the message on the colour; widths from a 7-pixel average glyph. */
export function badgeSvg(label: string, text: string, fill: string): string {
  const w = (s: string) => 10 + Math.ceil([...s].length * 6.5);
  const a = w(label);
  const b = w(text);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${a + b}" height="20" role="img" aria-label="${xml(`${label}: ${text}`)}">` +
    `<title>${xml(`${label}: ${text}`)}</title>` +
    `<rect width="${a}" height="20" fill="#555"/><rect x="${a}" width="${b}" height="20" fill="${fill}"/>` +
    '<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">' +
    `<text x="${a / 2}" y="14">${xml(label)}</text><text x="${a + b / 2}" y="14">${xml(text)}</text></g></svg>`
  );
}

/** `GET /badges/:owner/:repo.svg|.json`, `?lang=de` for one language. */
export function badgesRouter(source: BadgeSource): Router {
  const router = Router();
  router.get('/badges/:owner/:file', async (req, res, next) => {
    try {
      const m = /^(.+)\.(svg|json)$/.exec(req.params.file);
      const notFound = () => res.status(404).json({ error: 'no badge for this repository' });
      if (!m) return notFound();
      const all = await source(req.params.owner, m[1]!);
      const lang = typeof req.query.lang === 'string' ? req.query.lang : undefined;
      const languages = all?.filter((l) => lang === undefined || l.lang === lang);
      if (!languages || languages.length === 0) return notFound();
      const label = lang ? `translated (${lang})` : 'translated';
      const text = lang
        ? `${languages[0]!.translatedPercent}%${languages[0]!.status === 'held back' ? ' held' : ''}`
        : message(languages);
      res.set('cache-control', 'public, max-age=300');
      if (m[2] === 'json')
        return res.json({ schemaVersion: 1, label, message: text, color: color(languages).replace('#', '') });
      res.type('image/svg+xml').send(badgeSvg(label, text, color(languages)));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
