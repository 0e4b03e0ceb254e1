import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';

/** Stands for one named value while a statement's text is built; the compiled text keeps it as a parameter. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A statement whose text never varies (one marked PREPARED: its values travel as parameters), built
 * and compiled on its first run only. `build` is called once with a stand-in for each of the
 * values, typed as the value it stands for, and must only place them in the text, never branch on
 * them or read into them; each run then puts its own values in the stand-ins' places among the
 * parameters. The customer-limits claim runs on every placement, and
 * building its template of some fifteen fragments and compiling it cost 70 µs a placement on this
 * machine (docs/performance.md, issue 32).
 */
export function compiledOnce<Values extends object, Row>(build: (values: Readonly<Values>) => RawBuilder<Row>) {
  let compiled: { text: string; parameters: readonly unknown[] } | null = null;
  return async <DB>(db: Kysely<DB>, values: Values): Promise<QueryResult<Row>> => {
    if (!compiled) {
      const slots = new Proxy({}, { get: (_, name) => new Slot(String(name)) }) as Readonly<Values>;
      const query = build(slots).compile(db);
      compiled = { text: query.sql, parameters: query.parameters };
    }
    const byName = values as Record<string, unknown>;
    const parameters = compiled.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      if (!(p.name in byName)) throw new Error(`No value for the statement's parameter ${p.name}`);
      return byName[p.name];
    });
    return db.executeQuery<Row>(CompiledQuery.raw(compiled.text, parameters));
  };
}
