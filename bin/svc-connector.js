#!/usr/bin/env node
// A clone runs the TypeScript sources; the npm package runs them compiled into lib/ at prepack
// (Node does not strip types of files under node_modules). An older Node gets one line saying
// which it needs instead of ERR_UNKNOWN_FILE_EXTENSION and a stack trace.
import { existsSync } from 'node:fs';
import { nodeTooOld } from './node-version.js';

const tooOld = nodeTooOld(process.versions.node, process.execPath);
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exitCode = 1;
} else {
  const compiled = new URL('../lib/src/cli/main.js', import.meta.url);
  await import(existsSync(compiled) ? compiled.href : '../src/cli/main.ts');
}
