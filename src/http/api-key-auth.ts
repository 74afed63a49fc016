import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { looksLikeApiKey } from '../keys/api-key.ts';
import type { Caller, LiveConfig } from '../runtime/live-config.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { waitInWords } from './wait-time.ts';

/** The Rampart key of a request: `X-API-Key`, or `Authorization: Bearer` where OpenAI clients send it. */
function presentedKey(request: FastifyRequest, allowBearer: boolean): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  if (allowBearer && typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  return undefined;
}

/** Resolves the key to its Runtime LLM (reloading configuration first if it changed) and applies its rate limit. */
export async function authenticateApiKey(request: FastifyRequest, config: LiveConfig, keyLimiter: RateLimiter, allowBearer = false): Promise<Caller> {
  const key = presentedKey(request, allowBearer);
  if (!key)
    throw new AppError(
      'invalid_api_key',
      allowBearer ? 'The API key is missing; send X-API-Key or Authorization: Bearer.' : 'The X-API-Key header is missing.',
    );
  await config.refreshIfChanged();
  let caller = config.authenticate(key);
  if (!caller && looksLikeApiKey(key)) {
    await config.refreshForUnknownKey();
    caller = config.authenticate(key);
  }
  if (!caller) throw new AppError('invalid_api_key', 'Invalid API key.');
  const wait = keyLimiter.take(caller.runtimeLlm.id);
  if (wait > 0)
    throw new AppError('rate_limited', `The rate limit of this API key is exceeded; try again in ${waitInWords(wait)}.`, {
      headers: { 'Retry-After': String(wait) },
    });
  return caller;
}
