import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface TransportOptions {
  /** PEM certificate(s) to trust besides the system's, e.g. the appliance's self-signed certificate. */
  ca?: string | Buffer | undefined;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/**
 * JSON over HTTP(S) with Node's own modules, keeping connections alive. Node's global fetch cannot
 * take a CA certificate per client without an extra package; `https.request` can.
 */
export class Transport {
  readonly #agent: HttpAgent | HttpsAgent;
  readonly #https: boolean;

  constructor(baseUrl: URL, options: TransportOptions) {
    this.#https = baseUrl.protocol === 'https:';
    this.#agent = this.#https ? new HttpsAgent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) }) : new HttpAgent({ keepAlive: true });
  }

  post(url: URL, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<HttpAnswer> {
    const send = this.#https ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          agent: this.#agent,
          signal,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}
