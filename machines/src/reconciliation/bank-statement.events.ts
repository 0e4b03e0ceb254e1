/**
 * A brand's bank account, as its statements tell it: the stream `bankaccount-<id>` (decision 0032;
 * one word, as a stream's category is what comes before its first dash).
 * Each statement an admin imports is recorded with who and what file, and each line the desk did
 * not hold yet is an event of its own, so a line is matched, assigned or marked for refund by its
 * own id, and the account's history can be replayed. The narration's reading (the UTR, the payer) is
 * not recorded: it is a rule (narration.ts) that may learn a bank's shape later, and the read
 * models read it again.
 */
import type { StatedBalance, StatementFormat, StatementLine } from './statement';

export interface StatementImported {
  type: 'StatementImported';
  data: {
    statementId: string;
    fileName: string;
    /** The file's SHA-256 (hex): the same file imported twice is the same statement. */
    fileSha256: string;
    format: StatementFormat;
    /** The account number as the statement prints it (perhaps masked); null when it prints none. */
    accountNumber: string | null;
    /** The first and last booking days of its lines (yyyy-mm-dd). */
    from: string;
    to: string;
    openingBalance: StatedBalance | null;
    closingBalance: StatedBalance | null;
    lineCount: number;
    /** The lines the desk did not hold before this import (recorded after it). */
    newLineCount: number;
    importedBy: string;
    importedAt: string;
  };
}

export interface StatementLineRecorded {
  type: 'StatementLineRecorded';
  data: {
    statementId: string;
    /** The line's key on its account (line-key.ts). */
    key: string;
    line: StatementLine;
  };
}

/**
 * How this account's CSV or XLSX statements are read (the column mapping the import used, as the
 * readers' schema gave it back): saved with the import that first used it, and used for the next
 * ones when none is sent.
 */
export interface ColumnMappingSaved {
  type: 'ColumnMappingSaved';
  data: { mapping: Record<string, unknown>; savedBy: string; savedAt: string };
}

/**
 * An admin marked a credit that pays no order for refund (the unmatched queue): the money goes back
 * to whoever sent it, outside the desk's orders. The note says why; the admin is the actor and `markedBy`.
 */
export interface StatementLineMarkedForRefund {
  type: 'StatementLineMarkedForRefund';
  data: { key: string; note: string; markedBy: string; markedAt: string };
}

export type BankStatementEvent = StatementImported | StatementLineRecorded | ColumnMappingSaved | StatementLineMarkedForRefund;
