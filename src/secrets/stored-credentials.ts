import type { Kysely } from 'kysely';
import { listRuntimeLlms } from '../store/runtime-llms.ts';
import type { Database } from '../store/schema.ts';
import type { CredentialBox } from './credential-box.ts';

function opens(box: CredentialBox, sealed: string, boundTo: string): boolean {
  try {
    box.open(sealed, boundTo);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a credentials key that cannot decrypt the upstream credentials already stored (they were
 * sealed with another key): every forwarded request would fail. Reads only; the stored credentials
 * stay as they are, so a start with the right key works again.
 */
export async function assertCredentialsKeyOpensStored(db: Kysely<Database>, box: CredentialBox): Promise<void> {
  const unreadable = (await listRuntimeLlms(db)).filter((llm) => llm.upstreamCredential !== null && !opens(box, llm.upstreamCredential, llm.id));
  if (unreadable.length === 0) return;
  const names = unreadable.map((llm) => JSON.stringify(llm.name)).join(', ');
  throw new Error(
    `The credentials key cannot decrypt the stored upstream credentials of ${unreadable.length} Runtime LLM(s) (${names}); they were encrypted with another key. ` +
      'Start with the key they were encrypted with (RAMPART_CREDENTIALS_KEY, or secrets/credentials.key in the data directory), or set each credential again with rampart runtime-llm update.',
  );
}
