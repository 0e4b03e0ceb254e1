/** One helper builds stream ids, so category prefixes stay consistent: `order-<uuid>`. */
export function streamId(category: string, id: string): string {
  return `${category}-${id}`;
}

/** The category is everything before the first dash, as EventStoreDB's `$ce-` projection reads it. */
export function streamCategory(id: string): string {
  const dash = id.indexOf('-');
  return dash === -1 ? id : id.slice(0, dash);
}
