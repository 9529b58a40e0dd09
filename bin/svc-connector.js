#!/usr/bin/env node
// A clone runs the TypeScript sources; the npm package runs them compiled into lib/ at prepack
// (Node does not strip types of files under node_modules).
import { existsSync } from 'node:fs';

const compiled = new URL('../lib/src/cli/main.js', import.meta.url);
await import(existsSync(compiled) ? compiled.href : '../src/cli/main.ts');
