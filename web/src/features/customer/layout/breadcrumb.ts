const ID_LIKE = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i;

/** The page name from the last path segment: "bank-accounts" -> "Bank Accounts"; an order id reads "Order Details". */
export function breadcrumbLabel(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? 'dashboard';
  if (ID_LIKE.test(last)) return 'Order Details';
  return last
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
