#!/usr/bin/env node
// A clone runs the TypeScript sources; the npm package runs them compiled into lib/ at prepack
// (Node does not strip types of files under node_modules). An older Node gets one line saying
// which it needs instead of ERR_UNKNOWN_FILE_EXTENSION and a stack trace.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { nodeTooOld } from './node-version.js';

const tooOld = nodeTooOld(process.versions.node, process.execPath);
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exitCode = 1;
} else {
  // Node's compile cache (under the OS temp folder, or NODE_COMPILE_CACHE; off with
  // NODE_DISABLE_COMPILE_CACHE=1) keeps the type-stripped sources and V8's compiled code between
  // runs: from the second run on, a clone starts without loading the type stripper (issue 35, item 9).
  module.enableCompileCache();
  const compiled = new URL('../lib/src/cli/main.js', import.meta.url);
  await import(existsSync(compiled) ? compiled.href : '../src/cli/main.ts');
}
