/**
 * java.util.Properties.load as the .properties oracle (issue 34, build items 2 and 3; Debian
 * package default-jre-headless): test/support/PropertiesToJson.java, run as a single-file source
 * program, loads files the way Java 9+ resource bundles do (UTF-8, else ISO-8859-1) and prints their
 * keys and values.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Unit } from '../../../src/formats/model.ts';

const PROGRAM = join(import.meta.dirname, '../PropertiesToJson.java');

/** Keys and values as Properties.load reads each file, by the caller's names (one JVM start for all). */
export function loadProperties(files: Record<string, Uint8Array>): Record<string, Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-properties-oracle-'));
  try {
    const paths = Object.keys(files).map((name, i) => {
      const path = join(dir, `${i}.properties`);
      writeFileSync(path, files[name]!);
      return path;
    });
    const run = spawnSync('java', [PROGRAM, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`java failed: ${run.error ?? run.stderr}`);
    const loaded = JSON.parse(run.stdout) as Record<string, Record<string, string>>;
    return Object.fromEntries(Object.keys(files).map((name, i) => [name, loaded[paths[i]!]!]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Our units as Properties holds them (`loaded`: what it read from the same file): the last copy of
 * a repeated key is the key's value; earlier copies, `key~N` units, Properties forgets.
 */
export function asProperties(units: readonly Unit[], loaded: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const unit of units) out[unit.id] = unit.source;
  for (const id of Object.keys(out)) {
    const base = /^(.*)~\d+$/.exec(id)?.[1];
    if (base !== undefined && !(id in loaded) && base in out) delete out[id];
  }
  return out;
}
