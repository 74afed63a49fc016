import type { HttpApp } from '../http-app.ts';
import { AppError } from '../../errors.ts';
import { parseListFilter, THREAT_ENTRY_SCHEMA, threatEntryJson } from '../../guardrails/vector/entry-json.ts';
import { approveThreat, proposeThreat, rejectThreat, removeThreat } from '../../guardrails/vector/review.ts';
import { SENTENCE_ENCODER } from '../../guardrails/vector/encoder/encoder.ts';
import { ThreatVectorRepository } from '../../store/threat-vectors.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, type AdminContext } from './context.ts';
import {
  ID_PARAMS,
  THREAT_COUNTS_SCHEMA,
  THREAT_LIST_QUERY,
  THREAT_LIST_SCHEMA,
  THREAT_PROPOSAL_BODY,
  THREAT_REJECT_BODY,
  type ThreatCountsJson,
  type ThreatListJson,
} from './schemas.ts';

const tags: readonly string[] = ['vectors'];

/**
 * The review queue of the vector filter's threat store (Guardrails → Vector Guardrail); the same
 * operations as `rampart vectors …`.
 */
export function registerVectorRoutes(app: HttpApp, ctx: AdminContext): void {
  const threats = new ThreatVectorRepository(ctx.store);
  app.get(
    '/api/vectors',
    {
      schema: {
        summary: 'Threat-store entries in id order (filter by status, origin, family; page with after = the last id)',
        tags,
        querystring: THREAT_LIST_QUERY,
        response: withErrors({ 200: THREAT_LIST_SCHEMA }),
      },
    },
    async (request) => ({ entries: (await threats.list(parseListFilter(request.query))).map(threatEntryJson) }) satisfies ThreatListJson,
  );
  rejectOtherMethods(app, '/api/vectors', ['GET', 'HEAD']);

  app.get(
    '/api/vectors/stats',
    {
      schema: {
        summary: 'Entries per status and origin',
        tags,
        response: withErrors({ 200: THREAT_COUNTS_SCHEMA }),
      },
    },
    async () => ({ counts: await threats.count() }) satisfies ThreatCountsJson,
  );
  rejectOtherMethods(app, '/api/vectors/stats', ['GET', 'HEAD']);

  app.post(
    '/api/vectors/proposals',
    {
      schema: {
        summary: 'Propose a message for the store (typed, or from a check event); it is used only once approved',
        tags,
        body: THREAT_PROPOSAL_BODY,
        response: withErrors({ 201: THREAT_ENTRY_SCHEMA }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const entry = await proposeThreat(threats, actorOf(request), {
        text: b.text,
        eventId: b.event_id,
        family: b.family,
        category: b.category,
        note: b.note,
      });
      return reply.code(201).send(threatEntryJson(entry));
    },
  );
  rejectOtherMethods(app, '/api/vectors/proposals', ['POST']);

  app.get(
    '/api/vectors/:id',
    { schema: { summary: 'One entry with its full text', tags, params: ID_PARAMS, response: withErrors({ 200: THREAT_ENTRY_SCHEMA }) } },
    async (request) => {
      const entry = await threats.find(request.params.id);
      if (!entry) throw new AppError('not_found', `Threat vector ${request.params.id} does not exist.`);
      return threatEntryJson(entry);
    },
  );
  app.delete(
    '/api/vectors/:id',
    {
      schema: {
        summary: 'Remove an active entry (seed or operator) from the store; the row stays as a tombstone',
        tags,
        params: ID_PARAMS,
        response: withErrors({ 200: THREAT_ENTRY_SCHEMA }),
      },
    },
    async (request) => threatEntryJson(await removeThreat(threats, actorOf(request), request.params.id)),
  );
  rejectOtherMethods(app, '/api/vectors/:id', ['GET', 'HEAD', 'DELETE']);

  app.post(
    '/api/vectors/:id/approve',
    {
      schema: {
        summary: 'Approve a proposal: encode it and add it to the store on every node',
        tags,
        params: ID_PARAMS,
        response: withErrors({ 200: THREAT_ENTRY_SCHEMA }),
      },
    },
    async (request) => threatEntryJson(await approveThreat(threats, actorOf(request), request.params.id, ctx.models.load(SENTENCE_ENCODER))),
  );
  rejectOtherMethods(app, '/api/vectors/:id/approve', ['POST']);

  app.post(
    '/api/vectors/:id/reject',
    {
      schema: {
        summary: 'Reject a proposal',
        tags,
        params: ID_PARAMS,
        body: THREAT_REJECT_BODY,
        response: withErrors({ 200: THREAT_ENTRY_SCHEMA }),
      },
    },
    async (request) => threatEntryJson(await rejectThreat(threats, actorOf(request), request.params.id, request.body?.reason)),
  );
  rejectOtherMethods(app, '/api/vectors/:id/reject', ['POST']);
}
