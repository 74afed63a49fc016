import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript module under `dir` (`.ts` and `.tsx`, not declaration files), depth first. */
export function* typeScriptFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}
