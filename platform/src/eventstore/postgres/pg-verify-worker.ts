import pg from 'pg';
import { answerTasks, verifyThreadData } from '../chain/verify-thread-pool';
import { RangeChecker } from './pg-range-checker';
import type { PgPageRange } from './pg-raw-pages';

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
  const checker = new RangeChecker(client, client.connect());
  answerTasks(
    async (range: PgPageRange) => {
      const checked = await checker.check(range);
      return { answer: checked, transfer: [checked.open.contents.buffer as ArrayBuffer] };
    },
    () => client.end(),
  );
}
