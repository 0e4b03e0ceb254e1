import { sql, type Kysely } from 'kysely';

/**
 * The PostgreSQL event store. Frozen: later changes go in new migrations.
 *
 * - es_streams holds each stream's current revision; the expected-version check is a conditional
 *   insert or update of that row, so racing appends serialise on it and exactly one wins.
 * - es_events records `transaction_id` (xid8) so that global readers can skip past positions only
 *   once every transaction that could still commit below them has finished (see docs/event-store.md).
 * - es_append does the whole append in one round trip and notifies listeners at commit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table es_streams (
      stream_id text primary key,
      revision bigint not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table es_events (
      global_position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_position bigint not null,
      event_id uuid not null,
      event_type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      constraint es_events_stream_position_key unique (stream_id, stream_position),
      constraint es_events_event_id_key unique (event_id)
    )`.execute(db);

  await sql`create index es_events_transaction_position_idx on es_events (transaction_id, global_position)`.execute(db);

  // Errors: ES409 = wrong expected version (DETAIL carries the actual revision or 'no_stream'),
  // ES410 = event ids already stored but not as this exact append (another stream or a partial batch).
  await sql`
    create function es_append(
      p_stream_id text,
      p_expected text,
      p_event_ids uuid[],
      p_types text[],
      p_data jsonb[],
      p_metadata jsonb[]
    ) returns table (revision bigint, transaction_id text, global_position bigint, already_stored boolean)
    language plpgsql as $fn$
    #variable_conflict use_column
    declare
      n bigint := cardinality(p_event_ids);
      v_revision bigint;
      v_matching bigint;
      v_actual bigint;
    begin
      -- An idempotent retry: the batch is already stored, whole, in this stream.
      select count(*) into v_matching from es_events e where e.event_id = any(p_event_ids);
      if v_matching > 0 then
        if v_matching = n and not exists (
          select 1 from es_events e where e.event_id = any(p_event_ids) and e.stream_id <> p_stream_id
        ) then
          return query
            select e.stream_position, e.transaction_id::text, e.global_position, true
            from es_events e where e.event_id = any(p_event_ids)
            order by e.stream_position desc limit 1;
          return;
        end if;
        raise exception using errcode = 'ES410', message = 'duplicate_event_id';
      end if;

      if p_expected = 'no_stream' then
        insert into es_streams as s (stream_id, revision) values (p_stream_id, n - 1)
          on conflict (stream_id) do nothing
          returning s.revision into v_revision;
      elsif p_expected = 'stream_exists' then
        update es_streams s set revision = s.revision + n, updated_at = now()
          where s.stream_id = p_stream_id
          returning s.revision into v_revision;
      elsif p_expected = 'any' then
        insert into es_streams as s (stream_id, revision) values (p_stream_id, n - 1)
          on conflict (stream_id) do update set revision = s.revision + n, updated_at = now()
          returning s.revision into v_revision;
      else
        update es_streams s set revision = s.revision + n, updated_at = now()
          where s.stream_id = p_stream_id and s.revision = p_expected::bigint
          returning s.revision into v_revision;
      end if;

      if v_revision is null then
        select s.revision into v_actual from es_streams s where s.stream_id = p_stream_id;
        raise exception using errcode = 'ES409', message = 'wrong_expected_version',
          detail = coalesce(v_actual::text, 'no_stream');
      end if;

      return query
        with inserted as (
          insert into es_events (stream_id, stream_position, event_id, event_type, data, metadata)
          select p_stream_id, v_revision - n + b.ord, b.id, b.type, b.data, b.meta
          from unnest(p_event_ids, p_types, p_data, p_metadata) with ordinality as b(id, type, data, meta, ord)
          order by b.ord
          returning es_events.global_position
        )
        select v_revision, pg_current_xact_id()::text, max(i.global_position), false from inserted i;

      perform pg_notify('es_appended', '');
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function es_append(text, text, uuid[], text[], jsonb[], jsonb[])`.execute(db);
  await sql`drop table es_events`.execute(db);
  await sql`drop table es_streams`.execute(db);
}
