/**
 * The soak's source strings: each lane owns a few JSON files under locales/en/ and changes them
 * every loop — new keys, an edited value, now and then a removed key — so every version of a
 * file differs from all earlier ones. Every committed version is kept, oldest first, so a
 * delivery's source can be placed in a file's history (see judge.ts).
 */

const WORDS = [
  'your',
  'order',
  'was',
  'shipped',
  'save',
  'changes',
  'account',
  'settings',
  'payment',
  'failed',
  'try',
  'again',
  'welcome',
  'back',
  'delete',
  'this',
  'item',
  'new',
  'message',
  'from',
] as const;

/** Most keys a file keeps: older keys are dropped beyond it, so files stay a realistic size. */
const MAX_KEYS = 30;
const FILES_PER_LANE = 2;

export const CONFIG = `source: en
targets: [de, fr]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;

/** Where a source file's translation into `lang` lives (the config's pattern above). */
export const translationPath = (sourcePath: string, lang: string) =>
  sourcePath.replace(/^locales\/en\//, `locales/${lang}/`);

export const TARGETS = ['de', 'fr'] as const;

export interface SoakSources {
  /** The repository's first commit: the config and every lane's files. */
  initial(): Record<string, string>;
  /** The lane's next change (path → new text), already recorded as the newest versions. */
  change(lane: number): Record<string, string>;
  /** Every path a lane owns. */
  paths(lane: number): string[];
  /** Every source path of the soak. */
  allPaths(): string[];
  /** The index of `text` in the history of `path`, or -1 when the soak never committed it. */
  versionOf(path: string, text: string): number;
  /** The index of the newest version of `path`. */
  latest(path: string): number;
}

/** The source files of `lanes` lanes, changed with numbers from `random`. */
export function soakSources(lanes: number, random: () => number): SoakSources {
  const files = new Map<string, Map<string, string>>();
  const history = new Map<string, string[]>();
  const loops = new Array<number>(lanes).fill(0);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sentence = (tag: string) => {
    const words: string[] = Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick(WORDS));
    // Some strings carry a placeholder, as real UI strings do; it must survive translation.
    if (random() < 0.3) words.splice(1, 0, '{{name}}');
    const text = words.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)} (${tag})`;
  };
  const pathsOf = (lane: number) =>
    Array.from({ length: FILES_PER_LANE }, (_, f) => `locales/en/lane${lane}-${'abcdefgh'[f]}.json`);
  const render = (keys: Map<string, string>) => `${JSON.stringify(Object.fromEntries(keys), null, 2)}\n`;
  const record = (path: string) => {
    const text = render(files.get(path)!);
    history.get(path)!.push(text);
    return text;
  };

  for (let lane = 0; lane < lanes; lane++)
    for (const path of pathsOf(lane)) {
      files.set(
        path,
        new Map(['title', 'body', 'cta'].map((k) => [k, sentence(`${path.slice(11, -5)} ${k}`)])),
      );
      history.set(path, []);
      record(path);
    }

  return {
    initial: () => ({
      '.svc.yml': CONFIG,
      ...Object.fromEntries([...history].map(([path, versions]) => [path, versions[0]!])),
    }),
    change(lane) {
      const loop = ++loops[lane]!;
      const own = pathsOf(lane);
      // One file most loops, every file every third loop: jobs of one and of several files.
      const chosen = loop % 3 === 0 ? own : [pick(own)];
      const out: Record<string, string> = {};
      for (const path of chosen) {
        const keys = files.get(path)!;
        const added = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, j) => `k${loop}_${j}`);
        const older = [...keys.keys()];
        const edited = pick(older);
        keys.set(edited, sentence(`edit ${loop}`));
        if (loop % 4 === 0 && older.length > 2) keys.delete(pick(older.filter((k) => k !== edited)));
        for (const key of added) keys.set(key, sentence(`lane ${lane} loop ${loop}`));
        while (keys.size > MAX_KEYS) keys.delete(keys.keys().next().value!);
        out[path] = record(path);
      }
      return out;
    },
    paths: pathsOf,
    allPaths: () => [...history.keys()],
    versionOf: (path, text) => history.get(path)?.indexOf(text) ?? -1,
    latest: (path) => (history.get(path)?.length ?? 0) - 1,
  };
}
