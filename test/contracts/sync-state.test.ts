import { describe, expect, it } from 'vitest';
import { ApiError, type Client, type FileRecord } from '../../src/api/index.ts';
import { emptyState, encodeState, loadState, STATE_LABEL } from '../../src/contracts/sync-state.ts';

const origin = { owner: 'acme', repo: 'app', ref: 'main' };
const record = (id: number): FileRecord =>
  ({
    id,
    name: '.svc-state/main.json.gz',
    labels: ['repo:acme/app', 'ref:main', STATE_LABEL],
  }) as unknown as FileRecord;
const stateWith = (hash: string) => ({
  ...emptyState(),
  targets: { 'de\0locales/de.json': { units: { a: hash } } },
});

/** A platform where another run replaced state file 14 by 15 after we listed 14. */
function replacedDuringRun(stored: Map<number, Uint8Array>) {
  const listed: unknown[] = [];
  const deleted: number[] = [];
  const client = {
    files: {
      download: async (id: number) => {
        const bytes = stored.get(id);
        if (!bytes)
          throw new ApiError({ method: 'GET', path: '/v2/files/download' }, 404, {
            message: `file ${id} not found`,
          });
        return bytes;
      },
      list: async (query: unknown) => {
        listed.push(query);
        return [...stored.keys()].map(record);
      },
      delete: async (id: number) => {
        deleted.push(id);
        throw new ApiError({ method: 'DELETE', path: '/v2/files' }, 404, { message: `file ${id} not found` });
      },
    },
  } as unknown as Client;
  return { client, listed, deleted };
}

describe('loadState', () => {
  it('reads the newest state file when a concurrent run replaced the one listed', async () => {
    const newer = stateWith('h2');
    const { client, listed } = replacedDuringRun(new Map([[15, encodeState(newer as never)]]));
    expect(await loadState(client, record(14), { origin })).toEqual(newer);
    expect(listed).toEqual([{ labels: ['repo:acme/app', 'ref:main', STATE_LABEL] }]);
  });

  it('without the origin a vanished state file is an error, not a silently empty state', async () => {
    const { client } = replacedDuringRun(new Map());
    await expect(loadState(client, record(14))).rejects.toThrow(/404: file 14 not found/);
  });
});
