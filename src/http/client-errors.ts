import type { Socket } from 'node:net';
import { AppError, type ErrorCode } from '../errors.ts';
import { newRequestId } from '../ids.ts';
import { errorBody } from './errors.ts';
import { responseHeaders } from './response-headers.ts';

// Not `import … from 'node:http'`: an import of the module reads all its exports, and its lazy
// WebSocket export then loads undici (Node's fetch, about 10 MB resident) into every server process.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

interface ClientError extends Error {
  code?: string;
}

/** How long a rejected connection may keep sending before it is closed. */
const DRAIN_MS = 2_000;

function classify(error: ClientError): [ErrorCode, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request_timeout', 'The request took too long to arrive.'];
  // The request line counts towards Node's header limit (16 KiB), so an over-long URL lands here too.
  if (error.code === 'HPE_HEADER_OVERFLOW') return ['headers_too_large', 'The request line and headers are larger than the server accepts (16 KiB).'];
  return ['bad_request', 'The request is not valid HTTP/1.1.'];
}

/**
 * Answers requests Node's HTTP parser rejects (before Fastify sees them) in the documented error
 * shape with the usual headers, then closes the connection as Node does.
 */
export function clientErrorHandler(contentSecurityPolicy: string): (error: ClientError, socket: Socket) => void {
  // Node reports every later chunk of an answered connection again; it is answered once.
  const answered = new WeakSet<Socket>();
  return (error, socket) => {
    if (answered.has(socket)) return;
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const requestId = newRequestId();
    const appError = new AppError(...classify(error));
    const body = JSON.stringify(errorBody(appError, requestId));
    const headers = {
      ...responseHeaders({ requestId, contentSecurityPolicy }),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${head}\r\n${body}`);
    // Closing while the client still sends would reset the connection before it reads the answer:
    // keep reading (and discarding) for a moment, then close.
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  };
}
