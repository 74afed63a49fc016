import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../../scripts/generate-docs.ts';
import { REPO_ROOT } from '../helpers/cli.ts';

const GENERATOR = fileURLToPath(new URL('../../scripts/generate-docs.ts', import.meta.url));

for (const file of generatedFiles(REPO_ROOT)) {
  test(`${file.path} holds what scripts/generate-docs.ts makes of the code (run npm run docs after changing a setting or an error code)`, () => {
    assert.equal(readFileSync(join(REPO_ROOT, file.path), 'utf8'), file.content);
  });
}

function checkDocs(root: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, [GENERATOR, '--check', '--root', root], (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr })),
  );
}

test('npm run docs -- --check passes on generated files and names a table edited by hand', async () => {
  const root = mkdtempSync(join(tmpdir(), 'rampart-docs-'));
  try {
    mkdirSync(join(root, 'docs'));
    for (const file of generatedFiles(REPO_ROOT)) writeFileSync(join(root, file.path), file.content);
    assert.deepEqual(await checkDocs(root), { code: 0, stderr: '' });

    const page = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
    const edited = page.replace('| `RAMPART_API_PORT` | `--api-port` | `443` |', '| `RAMPART_API_PORT` | `--api-port` | `8443` |');
    assert.notEqual(edited, page);
    writeFileSync(join(root, 'docs/configuration.md'), edited);
    assert.deepEqual(await checkDocs(root), { code: 1, stderr: 'Out of date: docs/configuration.md; run npm run docs.\n' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
