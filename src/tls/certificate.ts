import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 fingerprint, printed at start so operators can pin or verify it. */
  fingerprint256: string;
  certPath: string;
  selfSigned: boolean;
}

export interface TlsOptions {
  dataDir: string;
  /** Operator-supplied certificate and key (PEM files); both or neither. */
  certFile?: string | undefined;
  keyFile?: string | undefined;
}

/**
 * The listeners' certificate: the operator's own when configured, otherwise a self-signed one
 * generated on first start (EC P-256, two years) and reused on every start after.
 */
export async function loadTlsMaterial(options: TlsOptions): Promise<TlsMaterial> {
  if (options.certFile || options.keyFile) {
    if (!options.certFile || !options.keyFile) throw new Error('TLS needs both a certificate file and a key file.');
    const cert = readFileSync(options.certFile, 'utf8');
    return {
      cert,
      key: readFileSync(options.keyFile, 'utf8'),
      fingerprint256: new X509Certificate(cert).fingerprint256,
      certPath: options.certFile,
      selfSigned: false,
    };
  }
  const dir = join(options.dataDir, 'tls');
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const notBefore = new Date();
    const notAfter = new Date(notBefore);
    notAfter.setFullYear(notAfter.getFullYear() + 2);
    // Loaded only here: the certificate libraries (about 4 MB resident) serve the first start alone.
    const { generate } = await import('selfsigned');
    const pems = await generate(
      [
        { name: 'commonName', value: hostname() },
        { name: 'organizationName', value: 'Rampart appliance' },
      ],
      {
        keyType: 'ec',
        curve: 'P-256',
        algorithm: 'sha256',
        notBeforeDate: notBefore,
        notAfterDate: notAfter,
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
          { name: 'extKeyUsage', serverAuth: true },
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              { type: 2, value: hostname() },
              { type: 7, ip: '127.0.0.1' },
              { type: 7, ip: '::1' },
            ],
          },
        ],
      },
    );
    writeFileSync(keyPath, pems.private, { mode: 0o600 });
    writeFileSync(certPath, pems.cert, { mode: 0o644 });
  }
  const cert = readFileSync(certPath, 'utf8');
  return { cert, key: readFileSync(keyPath, 'utf8'), fingerprint256: new X509Certificate(cert).fingerprint256, certPath, selfSigned: true };
}

/** The DNS names and IP addresses a certificate is valid for (its subjectAltName), lower-cased. */
export function certificateNames(cert: string): string[] {
  const altNames = new X509Certificate(cert).subjectAltName ?? '';
  return altNames
    .split(', ')
    .map((entry) => /^(?:DNS|IP Address):(.+)$/.exec(entry)?.[1]?.toLowerCase())
    .filter((name): name is string => name !== undefined);
}
