import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { parseListFilter, threatEntryJson, type RawListFilter } from '../../vectors/entry-json.ts';
import { approveThreat, MAX_PROPOSAL_CHARS, proposeThreat, rejectThreat, removeThreat } from '../../vectors/review.ts';
import { countThreatEntries, findThreatEntry, listThreatEntries, toThreatEntry } from '../../vectors/threat-store.ts';
import { rejectOtherMethods } from '../errors.ts';
import { actorOf, type AdminContext } from './context.ts';
import { idParams } from './schemas.ts';

const tags: readonly string[] = ['vectors'];
const str = { type: 'string', maxLength: 200 } as const;

const entrySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    origin: { type: 'string', enum: ['seed', 'operator'] },
    status: { type: 'string', enum: ['proposed', 'active', 'rejected', 'removed'] },
    family: { type: 'string' },
    category: { type: 'string' },
    text: { type: ['string', 'null'], description: 'Operator entries only; seed entries carry no text' },
    source_event_id: { type: ['string', 'null'] },
    note: { type: 'string' },
    proposed_by: { type: 'string' },
    proposed_at: { type: 'string' },
    reviewed_by: { type: ['string', 'null'] },
    reviewed_at: { type: ['string', 'null'] },
    updated_at: { type: 'string' },
  },
} as const;

const proposalBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    text: { type: 'string', maxLength: MAX_PROPOSAL_CHARS, description: 'The message; or give event_id' },
    event_id: { type: 'string', maxLength: 100, description: 'A check event whose recorded text (PII masked) is the proposal' },
    family: { type: 'string', maxLength: 64, description: 'Attack family, e.g. jailbreak/roleplay (default operator)' },
    category: { type: 'string', maxLength: 200 },
    note: { type: 'string', maxLength: 1000 },
  },
} as const;

interface ProposalBody {
  text?: string;
  event_id?: string;
  family?: string;
  category?: string;
  note?: string;
}

/**
 * The review queue of the vector filter's threat store (Guardrails → Vector Guardrail); the same
 * operations as `rampart vectors …`.
 */
export function registerVectorRoutes(app: FastifyInstance, ctx: AdminContext): void {
  app.get<{ Querystring: RawListFilter }>(
    '/api/vectors',
    {
      schema: {
        summary: 'Threat-store entries in id order (filter by status, origin, family; page with after = the last id)',
        tags,
        querystring: { type: 'object', properties: { status: { type: 'string', enum: ['proposed', 'active', 'rejected', 'removed'] }, origin: { type: 'string', enum: ['seed', 'operator'] }, family: str, after: str, limit: str } },
        response: { 200: { type: 'object', properties: { entries: { type: 'array', items: entrySchema } } } },
      },
    },
    async (request) => ({ entries: (await listThreatEntries(ctx.store.db, parseListFilter(request.query))).map(threatEntryJson) }),
  );
  rejectOtherMethods(app, '/api/vectors', ['GET', 'HEAD']);

  app.get(
    '/api/vectors/stats',
    {
      schema: {
        summary: 'Entries per status and origin',
        tags,
        response: {
          200: {
            type: 'object',
            properties: { counts: { type: 'array', items: { type: 'object', properties: { status: entrySchema.properties.status, origin: entrySchema.properties.origin, count: { type: 'integer' } } } } },
          },
        },
      },
    },
    async () => ({ counts: await countThreatEntries(ctx.store.db) }),
  );
  rejectOtherMethods(app, '/api/vectors/stats', ['GET', 'HEAD']);

  app.post<{ Body: ProposalBody }>(
    '/api/vectors/proposals',
    { schema: { summary: 'Propose a message for the store (typed, or from a check event); it is used only once approved', tags, body: proposalBody, response: { 201: entrySchema } } },
    async (request, reply) => {
      const b = request.body;
      const entry = await proposeThreat(ctx.store, actorOf(request), { text: b.text, eventId: b.event_id, family: b.family, category: b.category, note: b.note });
      return reply.code(201).send(threatEntryJson(entry));
    },
  );
  rejectOtherMethods(app, '/api/vectors/proposals', ['POST']);

  app.get<{ Params: { id: string } }>('/api/vectors/:id', { schema: { summary: 'One entry with its full text', tags, params: idParams, response: { 200: entrySchema } } }, async (request) => {
    const row = await findThreatEntry(ctx.store.db, request.params.id);
    if (!row) throw new AppError('not_found', `Threat vector ${request.params.id} does not exist.`);
    return threatEntryJson(toThreatEntry(row));
  });
  app.delete<{ Params: { id: string } }>(
    '/api/vectors/:id',
    { schema: { summary: 'Remove an active entry (seed or operator) from the store; the row stays as a tombstone', tags, params: idParams, response: { 200: entrySchema } } },
    async (request) => threatEntryJson(await removeThreat(ctx.store, actorOf(request), request.params.id)),
  );
  rejectOtherMethods(app, '/api/vectors/:id', ['GET', 'HEAD', 'DELETE']);

  app.post<{ Params: { id: string } }>(
    '/api/vectors/:id/approve',
    { schema: { summary: 'Approve a proposal: encode it and add it to the store on every node', tags, params: idParams, response: { 200: entrySchema } } },
    async (request) => threatEntryJson(await approveThreat(ctx.store, actorOf(request), request.params.id, ctx.models.sentenceEncoder())),
  );
  rejectOtherMethods(app, '/api/vectors/:id/approve', ['POST']);

  app.post<{ Params: { id: string }; Body: { reason?: string } | undefined }>(
    '/api/vectors/:id/reject',
    {
      schema: {
        summary: 'Reject a proposal',
        tags,
        params: idParams,
        body: { type: 'object', additionalProperties: false, properties: { reason: { type: 'string', maxLength: 1000 } } },
        response: { 200: entrySchema },
      },
    },
    async (request) => threatEntryJson(await rejectThreat(ctx.store, actorOf(request), request.params.id, request.body?.reason)),
  );
  rejectOtherMethods(app, '/api/vectors/:id/reject', ['POST']);
}
