/**
 * Screens for operator admins only: the server refuses their calls to a brand admin (403), so a
 * brand admin who opens one (an old link, a typed address) is sent to the dashboard instead.
 */
const OPERATOR_ONLY = ['/admin/settings', '/admin/tenants', '/admin/add-bank-account', '/admin/add-crypto-wallet', '/admin/projections', '/admin/changes'];

export const isOperatorOnly = (pathname: string) => OPERATOR_ONLY.some((path) => pathname === path || pathname.startsWith(`${path}/`));
