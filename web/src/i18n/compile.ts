import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

/**
 * Text with nothing in it but words and `{name}` placeholders. Such text compiles to what Lingui's
 * own compiler makes of it (the catalogue test checks every message of every catalogue against it),
 * so the landing, whose texts are all like this, does not load the ICU parser (7 KB gzipped,
 * decision 0036). An apostrophe is plain unless it could start an ICU quotation.
 */
const SIMPLE = /^(?:[^{}']|'(?![{}'#|])|\{\w+\})*$/;

/** The compiled form of simple text, or null for text that needs ICU's parser (plurals, quotations). */
export function compileSimple(text: string): CompiledMessage | null {
  if (!SIMPLE.test(text)) return null;
  return text.split(/\{(\w+)\}/).flatMap((part, i): (string | [string])[] => (i % 2 === 1 ? [[part]] : part ? [part] : []));
}

export type Catalog = Readonly<Record<string, string>>;
export type CompiledCatalog = Record<string, CompiledMessage>;

/** Every message of `catalog` compiled at once, but those that need ICU's parser (fetched, then compiled, by `compileCatalog`). */
function compileSimpleOnes(catalog: Catalog): { compiled: CompiledCatalog; rest: [string, string][] } {
  const compiled: CompiledCatalog = {};
  const rest: [string, string][] = [];
  for (const [key, text] of Object.entries(catalog)) {
    const simple = compileSimple(text);
    if (simple) compiled[key] = simple;
    else rest.push([key, text]);
  }
  return { compiled, rest };
}

/**
 * `catalog` compiled: `now` holds what compiles without the parser (all of it, for a catalogue of
 * simple texts), `all` every message once the parser, if any needs it, has come.
 */
export function compileCatalog(catalog: Catalog): { now: CompiledCatalog; all: Promise<CompiledCatalog> } {
  const { compiled, rest } = compileSimpleOnes(catalog);
  if (rest.length === 0) return { now: compiled, all: Promise.resolve(compiled) };
  const all = import('@lingui/message-utils/compileMessage').then(({ compileMessage }) => {
    const full = { ...compiled };
    for (const [key, text] of rest) full[key] = compileMessage(text);
    return full;
  });
  return { now: compiled, all };
}
