// The throughput baseline: a bare Fastify HTTPS JSON echo, in as many processes as the appliance runs
// by default (one per core), with Rampart's certificate.
//   node bench/echo-server.ts CERT KEY WORKERS   (prints {"port":N} once every process listens)
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [certFile, keyFile, workers] = process.argv.slice(2) as [string, string, string];
if (cluster.isPrimary) {
  cluster.setupPrimary({ args: process.argv.slice(2) });
  let ready = 0;
  for (let i = 0; i < Number(workers); i++) {
    cluster.fork().on('message', (port: number) => {
      if (++ready === Number(workers)) process.stdout.write(`${JSON.stringify({ port })}\n`);
    });
  }
  process.once('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = Fastify({ https: { cert: readFileSync(certFile), key: readFileSync(keyFile) } });
  app.post('/echo', async (request) => request.body);
  await app.listen({ host: '127.0.0.1', port: Number(process.env.ECHO_PORT ?? 0) });
  process.send!(app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : 0);
}
