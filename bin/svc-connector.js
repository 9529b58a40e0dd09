#!/usr/bin/env node
import '../src/cli/main.ts';
