import pg from 'pg';
import { checkPage, type PageCheck } from '../chain/verify-page-check';
import { answerTasks, verifyThreadData } from '../chain/verify-thread-pool';
import type { PgPosition } from './pg-global-position';
import { readRawPage, type PgPageRange } from './pg-raw-pages';

/** A checked page, and where it ended (what the main thread goes on from when it dealt an open range). */
export type CheckedRange = PageCheck & { last: PgPosition | null };

export interface PgVerifyThreadData {
  connectionString: string;
  applicationName: string;
}

/**
 * A verify-store thread of the PostgreSQL path (decision 0053): reads each range it is dealt on its
 * own connection (pg-raw-pages.ts), checks the page (verify-page-check.ts) and answers only what
 * the walk in log order needs. The connection closes when the pool asks the thread to finish.
 */
const data = verifyThreadData<PgVerifyThreadData>();
if (data) {
  const client = new pg.Client({ connectionString: data.connectionString, application_name: data.applicationName });
  const connected = client.connect();
  answerTasks(
    async (range: PgPageRange) => {
      await connected;
      const page = await readRawPage(client, range);
      const checked: CheckedRange = { ...checkPage(page.events), last: page.last };
      return { answer: checked, transfer: [checked.open.contents.buffer as ArrayBuffer] };
    },
    () => client.end(),
  );
}
