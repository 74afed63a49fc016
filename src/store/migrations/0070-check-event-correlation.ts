import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What joins a check event to the application that asked: the W3C trace id and caller span of its
 * `traceparent`, LiteLLM's call and trace ids, the application's end user, and how many images came
 * with the text uninspected. Existing events had none of them. The ids are searched exactly, so each
 * gets an index over the events that carry it, and the request id (searched with them) one of its own.
 */
export const checkEventCorrelation: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of ['trace_id', 'span_id', 'litellm_call_id', 'litellm_trace_id', 'end_user'])
      await db.schema.alterTable('check_events').addColumn(column, 'text').execute();
    await db.schema
      .alterTable('check_events')
      .addColumn('images_not_inspected', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['trace_id', 'litellm_call_id', 'litellm_trace_id'])
      await db.schema
        .createIndex(`check_events_${column}`)
        .on('check_events')
        .column(column)
        .where((eb) => eb(eb.ref(column), 'is not', null))
        .execute();
    await db.schema.createIndex('check_events_request_id').on('check_events').column('request_id').execute();
  },
};
