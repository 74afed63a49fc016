import { request as httpsRequest } from 'node:https';

/**
 * A parsed JSON body (undefined when the body is not JSON). Tests read its fields and assert on
 * them, so it is the one loosely typed value of the test helpers.
 */
// biome-ignore lint/suspicious/noExplicitAny: response and CLI output shapes are what the tests assert.
export type Json = any;

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Json;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer is sent as is. */
  body?: unknown;
}

/** HTTPS requests that trust only the appliance's own certificate (no verification shortcuts). */
export function httpsClient(baseUrl: string, ca: string) {
  return (path: string, options: RequestOptions = {}): Promise<HttpResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...options.headers };
      let payload: Buffer | undefined;
      if (options.body !== undefined) {
        if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) payload = Buffer.from(options.body as string);
        else {
          payload = Buffer.from(JSON.stringify(options.body));
          headers['content-type'] ??= 'application/json';
        }
      }
      const req = httpsRequest(
        new URL(path, baseUrl),
        { method: options.method ?? (payload ? 'POST' : 'GET'), headers, ca, servername: 'localhost' },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
}
