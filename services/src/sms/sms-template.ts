export type Escape = (value: string) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * `{{name}}` replaced by its value, escaped for where it lands (JSON string, URL, form field).
 * Unknown names are left as written, so a typo shows in the gateway's answer instead of
 * silently sending nothing.
 */
export function fillTemplate(template: string, values: Record<string, string>, escape: Escape): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? escape(values[name]!) : whole));
}

/** The placeholders a template uses, for checking the configuration at start. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}
