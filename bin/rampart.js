#!/usr/bin/env node
// The CLI is TypeScript, run directly by Node 24 (type stripping); this shim only gives it a name.
import { main } from '../src/cli/main.ts';

process.exitCode = await main(process.argv);
