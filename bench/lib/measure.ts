import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';

export interface Latency {
  p50: number;
  p99: number;
  rps: number;
  samples: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export interface SequentialTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** CA of an HTTPS target (Rampart's self-signed certificate). */
  ca?: string;
}

/** One connection, one request at a time, for `seconds`, timed with the high-resolution clock (ms). */
export async function sequentialLatency(target: SequentialTarget, seconds: number): Promise<Latency> {
  const url = new URL(target.url);
  const secure = url.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 1, ca: target.ca }) : new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const send = secure ? httpsRequest : httpRequest;
  const samples: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = process.hrtime.bigint();
    const status = await new Promise<number>((resolve, reject) => {
      const req = send(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent,
          servername: 'localhost',
          headers: { 'content-type': 'application/json', ...target.headers },
        },
        (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)),
      );
      req.on('error', reject);
      req.end(target.body);
    });
    if (status !== 200) throw new Error(`${target.url} answered ${status}`);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), rps: samples.length / seconds, samples: samples.length };
}
