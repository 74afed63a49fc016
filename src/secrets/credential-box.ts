import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
const KEY_FILE = join('secrets', 'credentials.key');

/**
 * Encrypts upstream credentials at rest (AES-256-GCM). The key lives in the data directory, readable
 * only by its owner, or comes from configuration (RAMPART_CREDENTIALS_KEY, base64, 32 bytes) so that
 * several nodes sharing one database can share it. Each ciphertext is bound to the record it belongs to.
 */
export class CredentialBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The credentials key must be 32 bytes.');
    this.#key = key;
  }

  /** The configured key (base64) when there is one, else the data directory's, created on first use. */
  static forDataDir(dataDir: string, configuredKey: string | undefined): CredentialBox {
    if (configuredKey) return new CredentialBox(Buffer.from(configuredKey, 'base64'));
    const path = join(dataDir, KEY_FILE);
    if (!existsSync(path)) {
      mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
      // `wx` fails if another process created it in between; then read theirs.
      try {
        writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return new CredentialBox(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64'));
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the value was sealed with another key, for another record, or was altered. */
  open(sealed: string, boundTo: string): string {
    const [version, payload] = sealed.split(':', 2);
    if (version !== VERSION || !payload) throw new Error('Unknown credential format.');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
