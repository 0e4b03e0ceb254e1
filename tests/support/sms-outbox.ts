import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** A message the stand-in SMS gateway wrote to its outbox (SMS_OUTBOX), one JSON object per line. */
export interface OutboxMessage {
  phone: string;
  purpose: string;
  code: string;
  at: string;
}

/**
 * The outbox's whole messages, oldest first; none while it does not exist. Only whole lines: the
 * server may be writing the next one (or the file is still empty) as it is read.
 */
export async function outboxMessages(file: string): Promise<OutboxMessage[]> {
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8')).split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as OutboxMessage];
    } catch {
      return [];
    }
  });
}
