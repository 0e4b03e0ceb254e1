import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

/**
 * Every answer an API test receives, held to the published document (/api/openapi.json, OpenAPI 3.1):
 * its status must be listed for its operation (or the operation still has a catch-all `default`),
 * and its JSON body must match the schema listed for that status. A refusal must be in the one error
 * shape. What does not match is recorded here and fails the test that received it
 * (answer-contract-setup.ts), so an undocumented status or body shape cannot pass the suite.
 */

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** What the answers received so far broke; taken (and emptied) after each test. */
export const answerViolations: string[] = [];

// ajv-formats is CommonJS with a default export: under ESM it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

interface Contract {
  find(method: string, path: string): { template: string; operation: Operation } | null;
  validator(pointer: string): ValidateFunction;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

function contractOf(document: Document): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' } as Json);
  // Literal segments before parameters: `/orders/limits` is not `/orders/{id}`.
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const compiled = new Map<string, ValidateFunction>();
  return {
    find(method, path) {
      for (const { template, pattern } of templates) {
        const operation = document.paths[template]![method];
        if (operation && pattern.test(path)) return { template, operation };
      }
      return null;
    },
    validator(pointer) {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.getSchema(`openapi#${pointer}`);
        if (!validate) throw new Error(`no schema at ${pointer}`);
        compiled.set(pointer, validate);
      }
      return validate;
    },
  };
}

const ERROR_POINTER = '/components/schemas/Error';

/** The JSON as the client reads it: an in-process answer comes as sent, compressed when the client asked. */
async function bodyOf(response: Response): Promise<unknown> {
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
  return JSON.parse(plain.toString('utf8'));
}

/** Checks one answer; records what it breaks. */
async function check(contract: Contract, method: string, url: string, response: Response, test: string): Promise<void> {
  const { pathname } = new URL(url, 'http://localhost');
  if (!pathname.startsWith('/api/') || method === 'HEAD' || method === 'OPTIONS') return;
  const path = pathname.slice('/api'.length);
  const where = `${test}: ${method} ${pathname} answered ${response.status}`;
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  const body = async () => (json ? await bodyOf(response).catch(() => undefined) : undefined);
  const found = contract.find(method.toLowerCase(), path);
  if (!found) {
    // No such operation: only "not found" and "not this method" may answer, in the error shape.
    if (response.status !== 404 && response.status !== 405) answerViolations.push(`${where}, but the document has no such operation`);
    else if (!contract.validator(ERROR_POINTER)(await body())) answerViolations.push(`${where} not in the error shape`);
    return;
  }
  const status = String(response.status);
  const listed = found.operation.responses[status] ? status : found.operation.responses.default ? 'default' : null;
  if (!listed) {
    answerViolations.push(`${where}, a status ${method} ${found.template} does not list`);
    return;
  }
  const schemaPointer = `/paths/${escapePointer(found.template)}/${method.toLowerCase()}/responses/${listed}/content/application~1json/schema`;
  const declared = found.operation.responses[listed]!.content?.['application/json']?.schema;
  if (!json) {
    if (declared) answerViolations.push(`${where} without the JSON body the document lists`);
    return;
  }
  // A route not yet declared has only its catch-all `default` (the error shape): its successes are not described.
  if (listed === 'default' && response.status < 400) return;
  const value = await body();
  const validate = declared ? contract.validator(schemaPointer) : response.status >= 400 ? contract.validator(ERROR_POINTER) : null;
  if (validate && !validate(value)) {
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    answerViolations.push(`${where} with a body the document does not describe: ${problems.join('; ')}`);
  }
}

interface Requestable {
  request: (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => Response | Promise<Response>;
  fetch: (request: Request, ...rest: never[]) => Response | Promise<Response>;
}

/**
 * The app with every answer it gives through `request` or `fetch` checked against its own document
 * (read once, through the app itself, on the first answer).
 */
export function withAnswerContract<App extends Requestable>(app: App, currentTest: () => string): App {
  let contract: Promise<Contract> | null = null;
  const load = () =>
    (contract ??= Promise.resolve(app.request('/api/openapi.json'))
      .then((response) => response.json() as Promise<Document>)
      .then(contractOf));
  const checked = async (method: string, url: string, response: Response) => {
    await check(await load(), method, url, response, currentTest());
    return response;
  };
  return new Proxy(app, {
    get(target, property, receiver) {
      if (property === 'request')
        return async (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => {
          const response = await target.request(input, init, ...rest);
          const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
          return checked(method, input instanceof Request ? input.url : String(input), response);
        };
      if (property === 'fetch') return async (request: Request, ...rest: never[]) => checked(request.method, request.url, await target.fetch(request, ...rest));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
