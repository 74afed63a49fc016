import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CONTRACT_PATH, clientContract } from '../../scripts/generate-client-contract.ts';

describe('TypeScript client contract', () => {
  it("is generated from the server's current schemas (run npm run generate:clients after changing them)", async () => {
    const committed = readFileSync(join(import.meta.dirname, '../..', CONTRACT_PATH), 'utf8');
    assert.equal(committed, await clientContract(), `${CONTRACT_PATH} differs from what the server's schemas generate`);
  });
});
