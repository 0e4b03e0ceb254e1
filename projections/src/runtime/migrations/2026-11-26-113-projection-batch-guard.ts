import { sql, type Kysely } from 'kysely';

/**
 * A batch is one statement: its writes and the compare-and-set of its checkpoint (batch-statement.ts).
 * When the checkpoint moved (a rebuild rewound it), the statement calls this, which fails it with
 * SQLSTATE DKM01, so the writes it made are rolled back with it. A function because SQL has no way
 * of its own to raise an error of its choosing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function projection_checkpoint_moved(projection text) returns boolean
    language plpgsql volatile as $$
    begin
      raise exception 'the checkpoint of projection % moved; its batch is refused', projection using errcode = 'DKM01';
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function projection_checkpoint_moved(text)`.execute(db);
}
