/**
 * How large a CSV or XLSX statement the desk reads. A statement is an admin's upload, and a file past
 * these is refused before it is read whole: a month of a busy collection account is a few thousand
 * lines and well under a megabyte, so the limits leave room while no upload can take the server down.
 */
export const MAX_STATEMENT_BYTES = 5_000_000;
export const MAX_STATEMENT_ROWS = 200_000;
/** A statement's columns: a dozen in every bank's layout; a sheet's far-away cell must not make the reader build a huge grid. */
export const MAX_STATEMENT_COLUMNS = 100;
