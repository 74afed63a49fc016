#!/usr/bin/env node
// The CLI is TypeScript, run directly by Node 24 (type stripping). This shim gives it a name and
// Node's compile cache: modules compiled once are kept, type-stripped, in the installation's
// node_modules/.cache/rampart, so later runs skip the TypeScript stripper (about 20 MB of memory a
// process) and start faster. It is kept in the installation, never in a directory other users may
// write to; where it cannot be created, Node runs without it.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

enableCompileCache(fileURLToPath(new URL('../node_modules/.cache/rampart', import.meta.url)));
const { main } = await import('../src/cli/main.ts');

process.exitCode = await main(process.argv);
