/**
 * The first sync's invariants over one repository: every translation people wrote kept (text
 * equal per key, read with the format's own module), every source unit in every target, and every
 * written file read again by our reader and by the format's tool where one runs here.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sameText, type UnitText } from '../../src/formats/target.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { type RepoFigures, tally } from './figures.ts';
import { type Before, type Planned, read } from './read-units.ts';
import { toolFor } from './tools.ts';
import { sourceUnitsOf, translationsOf } from './units.ts';

/** Checks the files at `root` after the first sync (`changed`: the files it wrote with new bytes). */
export async function checkFirstSync(
  f: RepoFigures,
  plan: readonly Planned[],
  before: Before,
  first: { result: SyncResult; changed: readonly string[] },
  root: string,
  sourceLang: string,
): Promise<void> {
  for (const { s, format, ids } of plan) {
    const units = sourceUnitsOf(format, await read(root, s.source), s.source, sourceLang);
    const known = new Set(units.map((u) => u.id));
    for (const t of s.targets) {
      const old = before.get(`${t.path}\0${t.lang}`);
      const bytes = await read(root, t.path).catch(() => undefined);
      let after: Map<string, UnitText> | undefined;
      if (bytes) {
        try {
          after = translationsOf(format, bytes, t.path, t.lang, units);
        } catch (error) {
          if (first.changed.includes(t.path))
            tally(f, 'reparse', false, {
              file: t.path,
              key: '',
              what: `written file does not parse: ${(error as Error).message}`,
            });
        }
      }
      if (bytes && after && first.changed.includes(t.path)) {
        tally(f, 'reparse', true);
        const tool = toolFor(format.name);
        if (tool) {
          const wrote = tool.judge(join(root, t.path), bytes);
          let original: string | undefined = 'did not exist';
          if (old) {
            const o = join(root, `${t.path}.corpus-original`);
            await writeFile(o, old.bytes);
            original = tool.judge(o, old.bytes);
            await rm(o);
          }
          // A file the tool already rejected before we wrote is not ours to judge.
          if (original === undefined || !old)
            tally(f, 'tool', wrote === undefined, {
              file: t.path,
              key: '',
              what: `${tool.tool} rejects what we wrote: ${wrote}`,
            });
        }
      }
      for (const [id, text] of old?.held ?? []) {
        if (!known.has(id)) continue;
        const now = after?.get(id);
        tally(f, 'kept', sameText(text, now), {
          file: t.path,
          key: id,
          what:
            now === undefined
              ? `deleted (was ${JSON.stringify(text).slice(0, 120)})`
              : `changed: ${JSON.stringify(text).slice(0, 120)} → ${JSON.stringify(now).slice(0, 120)}`,
        });
      }
      const wordless = first.result.targets?.works.find((w) => w.path === t.path && w.lang === t.lang)?.plan
        .wordless;
      let unread = 0;
      for (const id of ids) {
        if (after?.has(id)) tally(f, 'reached', true);
        // No words to translate: left to the format's fallback to the source, and reported by the sync.
        else if (wordless?.has(id)) f.wordless++;
        else if (!after) {
          tally(f, 'reached', false);
          unread++;
        } else
          tally(f, 'reached', false, {
            file: t.path,
            key: id,
            what: 'source unit never reached this target',
          });
      }
      if (unread > 0)
        f.failures.push({
          repo: f.repo,
          invariant: 'reached',
          file: t.path,
          key: '',
          what: `${unread} source units never reached this target: it does not parse, so the sync leaves it as it is`,
        });
    }
  }
}
