import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

/**
 * A listener as routes see it: the TypeBox type provider types each handler's request from its
 * schemas and holds what it returns or sends to its response schemas, so a member a response schema
 * does not name is a compile error. Requests are still validated by Fastify's Ajv (the error wording
 * follows its failures); the type provider only types.
 */
export type HttpApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
