/**
 * Importing a bank statement (decision 0032): the account found in the admin's scope, the file read
 * (statement-file.ts, with the account's saved column mapping), then decided on the account's
 * stream (`bankaccount-<id>`: bank-statement.decide.ts), recorded under the brand the account is
 * on, with who, when and from where in the metadata.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { EventStore, ExpectedVersion, GlobalPosition } from '@desk/platform/eventstore/event-store';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { streamPages } from '@desk/platform/eventstore/stream-pages';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { isStorableText } from '../http/refuse-nul';
import { bankStatementEvolver, decideBankStatement } from '@desk/machines/reconciliation/bank-statement.decide';
import type { BankStatementEvent, StatementImported } from '@desk/machines/reconciliation/bank-statement.events';
import type { ParsedStatement } from '@desk/machines/reconciliation/statement';
import type { AdminScope } from '../identity/admin-scope';
import type { BrandBankAccounts } from './brand-bank-accounts';
import { readStatementFile, savedMapping, type StatementUpload } from './statement-file';

export const bankAccountStream = (accountId: string) => streamId('bankaccount', accountId);

/** A decided import's lines alone: what is left to record of an import already recorded. */
const linesOf = (events: readonly BankStatementEvent[]) => events.filter((event) => event.type === 'StatementLineRecorded');

/** Events per append of an import (appendInChunks). */
export const APPEND_CHUNK = 500;
/** Times an import cut by other appends to its account after its first chunk carries on before it gives up (409). */
const CARRY_ON_TRIES = 5;

/** Text that could not be stored is refused as unreadable, not a 500 at the append: every text the statement's events carry. */
function refuseUnstorableText(statement: ParsedStatement): void {
  const unreadable = (where: string) =>
    ValidationError.of('file', `${where} holds a character that cannot be stored: save the statement again from the bank's site`);
  if (!isStorableText(`${statement.accountNumber ?? ''}${statement.currency ?? ''}`)) throw unreadable("The statement's account details");
  const at = statement.lines.findIndex((line) => !isStorableText(`${line.narration}${line.bankReference ?? ''}`));
  if (at >= 0) throw unreadable(`Statement line ${at + 1}`);
}

/** A file name as the import's event keeps it: whole characters, no control characters, at most 200. */
export const storedFileName = (name: string): string =>
  [...name]
    // No control or format characters (a bidi override shows "exe.gpj" as "jpg.exe"), nor line separators.
    .filter((char) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(char) && isStorableText(char))
    .slice(0, 200)
    .join('') || 'statement';

export class StatementImports {
  constructor(
    private readonly store: Pick<EventStore, 'readStream' | 'append'>,
    private readonly accounts: BrandBankAccounts,
  ) {}

  /**
   * The import, and where its last event landed in the log (null: nothing new recorded), for an
   * answer that waits until the lines' read model shows them (decision 0066). `readUpload` is called
   * once the account is found in the admin's scope: another brand's account is 404 before its body
   * is read.
   */
  async import(
    scope: AdminScope,
    accountId: string,
    readUpload: () => Promise<StatementUpload>,
    metadata: EventMetadata,
  ): Promise<StatementImported['data'] & { position: GlobalPosition | null }> {
    const account = await this.accounts.find(scope, accountId);
    const upload = await readUpload();
    const stream = bankAccountStream(account.id);
    // One read of the account: a statement recorded meanwhile makes the first append fail (409).
    const current = await this.load(stream, metadata.idempotencyId);
    const { statement, mapping } = await readStatementFile(upload, savedMapping(current.state.mapping));
    refuseUnstorableText(statement);
    const { earlier } = current;
    const statementId = earlier?.statementId ?? randomUUID();
    const decide = (state: typeof current.state) =>
      decideBankStatement(state, {
        type: 'ImportStatement',
        account: { id: account.id, accountNumber: account.accountNumber },
        statementId,
        fileName: storedFileName(upload.fileName),
        fileSha256: createHash('sha256').update(upload.bytes).digest('hex'),
        statement,
        mapping: mapping as Record<string, unknown> | null,
        by: metadata.actor.id,
        at: metadata.acceptedAt,
      });
    const events = decide(current.state);
    const meta = { ...metadata, tenantId: account.tenantId };
    // A re-run of a request whose first run recorded its import (decision 0062): the import is that
    // run's, recorded once. Only the lines that run did not get to (it failed between two chunks:
    // review 16's F3) are added, under its statement id, and the answer is its import.
    const imported = earlier ?? events.find((event): event is StatementImported => event.type === 'StatementImported')!.data;
    let appended = await this.appendInChunks(stream, earlier ? linesOf(events) : events, current.revision, meta);
    let position = appended.position;
    // Cut after its import was recorded, by another command on the account (a line marked for refund,
    // another import: review 18): it carries on with the lines not recorded since, under its own
    // statement, rather than leave the import half-recorded for a new upload to record again.
    for (let tries = 1; appended.cut && tries <= CARRY_ON_TRIES; tries++) {
      const now = await this.load(stream, undefined);
      appended = await this.appendInChunks(stream, linesOf(decide(now.state)), now.revision, meta);
      position = appended.position ?? position;
    }
    if (appended.cut) throw appended.cut;
    return { ...imported, position };
  }

  /**
   * The account's stream folded, and the import this request recorded on it (its idempotencyId), if
   * it did: found in the same read, so a re-run costs no second read of an account's many lines.
   */
  private async load(stream: string, idempotencyId: string | undefined) {
    let state = bankStatementEvolver.initial();
    let revision: bigint | null = null;
    let earlier: StatementImported['data'] | undefined;
    // In pages (review 17, F2): the account's every line in one statement outgrew the request's statement bound.
    for await (const page of streamPages(this.store, stream)) {
      for (const e of page) {
        state = bankStatementEvolver.evolve(state, { type: e.type, data: e.data } as BankStatementEvent);
        const ours = idempotencyId !== undefined && e.type === 'StatementImported' && e.metadata.idempotencyId === idempotencyId;
        if (ours && !earlier) earlier = e.data as StatementImported['data'];
        revision = e.streamPosition;
      }
    }
    return { state, revision, earlier };
  }

  /**
   * A statement's events in appends of APPEND_CHUNK, each expecting the stream where the one before
   * left it. One append of tens of thousands of events held one of the store's append slots for
   * minutes (its time grows faster than the events), and two such imports stopped every write of the
   * desk (a security review, issue 28). Between chunks other commands append. An import that
   * fails part-way leaves the lines it recorded (each a fact the bank stated, with its key); the
   * same statement imported again adds the rest. Another import of the same account at the same
   * moment makes one of them fail at its first chunk (409), never records a line twice; a loss at a
   * later chunk is answered (the import carries on: review 18).
   */
  private async appendInChunks(
    stream: string,
    events: readonly BankStatementEvent[],
    revision: bigint | null,
    metadata: EventMetadata,
  ): Promise<{ cut: WrongExpectedVersionError | null; position: GlobalPosition | null }> {
    let expected: ExpectedVersion = revision === null ? 'no_stream' : revision;
    let position: GlobalPosition | null = null;
    for (let start = 0; start < events.length; start += APPEND_CHUNK) {
      const chunk = events.slice(start, start + APPEND_CHUNK).map((event) => ({ eventId: randomUUID(), type: event.type, data: event.data, metadata }));
      try {
        const appended = await this.store.append(stream, chunk, { expected });
        expected = appended.nextExpectedVersion;
        position = appended.lastPosition;
      } catch (error) {
        // The first chunk's loss is the caller's 409 (another statement recorded meanwhile); a later
        // one's is answered to the caller, which carries on.
        if (start > 0 && error instanceof WrongExpectedVersionError) return { cut: error, position };
        throw error;
      }
    }
    return { cut: null, position };
  }

  /** The statements imported for the account, newest first. */
  async history(scope: AdminScope, accountId: string): Promise<StatementImported['data'][]> {
    const account = await this.accounts.find(scope, accountId);
    const imports: StatementImported['data'][] = [];
    for await (const page of streamPages(this.store, bankAccountStream(account.id))) {
      for (const event of page) if (event.type === 'StatementImported') imports.push(event.data as StatementImported['data']);
    }
    return imports.reverse();
  }
}
