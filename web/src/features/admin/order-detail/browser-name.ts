import { parse } from 'bowser';

/**
 * A client's user agent in words ("Chrome 131 on Windows") for the order's history, where the full
 * string is one click away. bowser (MIT, maintained) knows the long tail of browsers customers in
 * India use (UC Browser, Samsung Internet, Opera Mini, Yandex, MIUI's), which a hand-kept table
 * would miss; it weighs 7.8 KB gzipped in the admin's own bundle, never the customer's. Only the
 * browser's family, its major version and the system's name are shown: browsers freeze the rest
 * (every Windows 10 and 11 says "Windows NT 10.0", every recent Mac "10_15_7"), so bowser's
 * "Windows 10" or "Catalina" would be wrong as often as right. A client that is not a browser (curl,
 * a script) is named by its first product token, as it introduced itself.
 */
export function browserName(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return null;
  const { browser, os } = parse(ua);
  // bowser names an unknown "Name/1.0 (…)" client after its first token; "Mozilla" is the token every browser sends, no name.
  const family = browser.name === 'Mozilla' ? undefined : browser.name?.replace(/ for (Android|iOS)$/, '');
  const major = browser.version?.split('.')[0];
  const name = family ? [family, major].filter(Boolean).join(' ') : null;
  const system = os.name || null;
  if (name && system) return `${name} on ${system}`;
  if (name) return name;
  if (system) return `A browser on ${system}`;
  // Not a browser: "curl/8.5.0", "node". A "Mozilla/5.0 (…)" bowser could not read names nothing.
  return ua.startsWith('Mozilla/') ? null : (ua.split(/\s/)[0] ?? null);
}
