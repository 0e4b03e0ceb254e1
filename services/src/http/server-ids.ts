/** An id the server made (orders, users, saved accounts, exports): a UUID, as PostgreSQL's uuid type takes it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
