import type { Logger } from 'pino';
import { ensureBootstrapAdmin } from '../auth/accounts.ts';
import { storeOptionsOf, type AppConfig } from '../config/app-config.ts';
import { ensureThreatStore } from '../guardrails/vector/vector-runtime.ts';
import { ModelLibrary } from '../models/model-library.ts';
import { CredentialBox } from '../secrets/credential-box.ts';
import { assertCredentialsKeyOpensStored } from '../secrets/stored-credentials.ts';
import { openStore } from '../store/open-store.ts';
import { ThreatVectorRepository } from '../store/threat-vectors.ts';
import { loadTlsMaterial } from '../tls/certificate.ts';

/**
 * First-start work done once, before any listener opens (in a server of several threads, by a thread
 * of its own before the others start; see server-threads.ts): the schema brought up to date, the TLS certificate and credentials
 * key created (and refused when it cannot open the stored credentials), the threat-vector store
 * seeded for the installed encoder, the bootstrap administrator delivered.
 */
export async function prepareDataDirectory(config: AppConfig, log: Logger, models = new ModelLibrary(config.modelsDir)): Promise<void> {
  const store = await openStore({ ...storeOptionsOf(config), onError: (err) => log.error({ err }, 'database connection error') });
  try {
    await loadTlsMaterial({ dataDir: config.dataDir, certFile: config.tlsCertFile, keyFile: config.tlsKeyFile });
    // A key that cannot open the stored credentials stops the start before the threat store or accounts are written.
    await assertCredentialsKeyOpensStored(store.db, CredentialBox.forDataDir(config.dataDir, config.credentialsKey));
    // Seeding the threat store here, once, spares the workers a race to do it at the same moment.
    await ensureThreatStore(new ThreatVectorRepository(store), models, log);
    const passwordFile = await ensureBootstrapAdmin(store, config.dataDir);
    // Printed once, at creation; the password itself is only in the owner-only file. Besides the
    // log line, a plain line on stderr for the person watching the first start.
    if (passwordFile) {
      log.warn(
        { password_file: passwordFile, username: 'admin' },
        'bootstrap administrator created; the initial password is in this file (readable by its owner only) and must be changed at first sign-in',
      );
      process.stderr.write(`First sign-in: user admin, password in ${passwordFile} (change it when you first sign in).\n`);
    }
  } finally {
    await store.close();
  }
}
