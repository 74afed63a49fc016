import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from './schema.ts';

/** Tables whose rows are keyed by a text `id` and record their creation time. */
type KeyedTable = { [T in keyof Database]: Database[T] extends { id: string; created_at: string } ? T : never }[keyof Database];

/** Keyed tables whose rows also carry a `name` an operator refers to them by. */
type NamedTable = { [T in KeyedTable]: Database[T] extends { name: string } ? T : never }[KeyedTable];

/** How a table's rows and the objects the rest of the appliance works with map onto each other. */
export interface RowMapping<T extends KeyedTable, E> {
  toEntity(row: Selectable<Database[T]>): E;
  toRow(entity: E): Selectable<Database[T]>;
}

/** A column of table T. */
type Column<T extends KeyedTable> = keyof Database[T] & string;

// Kysely checks a statement against the table named by a literal type; these statements name a table
// chosen by a type parameter, so they are built over the union of keyed tables (where `id` and
// `created_at` are known) and their rows cast back to table T's.
type AnyKeyedRow = Selectable<Database[KeyedTable]>;
type AnyColumn = Column<KeyedTable>;

/**
 * The statements that keyed tables repeat (insert, update, delete by id, find by a column, list in an
 * order), typed for table T and its entity E.
 */
export function keyedRows<T extends KeyedTable, E>(table: T, mapping: RowMapping<T, E>) {
  const from: KeyedTable = table;
  const toEntity = (row: AnyKeyedRow) => mapping.toEntity(row as Selectable<Database[T]>);
  return {
    insert: async (db: Kysely<Database>, entity: E): Promise<void> => {
      await db
        .insertInto(from)
        .values(mapping.toRow(entity) as Insertable<Database[KeyedTable]>)
        .execute();
    },
    /** Writes every column but the id and the creation time. */
    update: async (db: Kysely<Database>, entity: E): Promise<void> => {
      const { id, created_at: _created, ...columns } = mapping.toRow(entity) as AnyKeyedRow;
      await db.updateTable(from).set(columns).where('id', '=', id).execute();
    },
    delete: async (db: Kysely<Database>, id: string): Promise<void> => {
      await db.deleteFrom(from).where('id', '=', id).execute();
    },
    /** The first row whose `column` holds `value`. */
    findBy: async (db: Kysely<Database>, column: Column<T>, value: string): Promise<E | undefined> => {
      const row = await db
        .selectFrom(from)
        .selectAll()
        .where(column as AnyColumn, '=', value)
        .executeTakeFirst();
      return row && toEntity(row);
    },
    /** Every row (or the first `limit`), ordered by `column`. */
    list: async (db: Kysely<Database>, column: Column<T>, order: { direction?: 'asc' | 'desc'; limit?: number } = {}): Promise<E[]> => {
      let query = db
        .selectFrom(from)
        .selectAll()
        .orderBy(column as AnyColumn, order.direction ?? 'asc');
      if (order.limit !== undefined) query = query.limit(order.limit);
      return (await query.execute()).map(toEntity);
    },
  };
}

/** keyedRows plus the lookup by id or name that operators' commands take. */
export function namedRows<T extends NamedTable, E>(table: T, mapping: RowMapping<T, E>) {
  const from: NamedTable = table;
  return {
    ...keyedRows(table, mapping),
    /** Finds a row by id or, failing that, by name. */
    findByIdOrName: async (db: Kysely<Database>, idOrName: string): Promise<E | undefined> => {
      const row = await db
        .selectFrom(from)
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
        .orderBy('id')
        .executeTakeFirst();
      return row && mapping.toEntity(row as Selectable<Database[T]>);
    },
  };
}
