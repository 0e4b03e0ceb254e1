/**
 * A node's JSON-RPC URL, which often carries an API key (Infura's `/v3/<key>`, Alchemy's `/v2/<key>`,
 * TronGrid's or GetBlock's path, a `?apikey=`, a `user:password@`). The URL itself is only handed to
 * the HTTP transport (`secretUrl()`); everything else sees the scheme, host and port: a log line,
 * an error, `JSON.stringify`, `console.log` or a string template of the configuration.
 */
import { inspect } from 'node:util';

export class RpcEndpoint {
  readonly #url: string;
  /** What may be shown: `https://mainnet.infura.io/…`. */
  readonly shown: string;

  constructor(url: string) {
    const parsed = new URL(url);
    this.#url = url;
    const hidden = parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '';
    this.shown = `${parsed.protocol}//${parsed.host}${hidden ? '/…' : ''}`;
  }

  /** The whole URL, key included: for the transport that sends the requests, and nothing else. */
  secretUrl(): string {
    return this.#url;
  }

  toString(): string {
    return this.shown;
  }

  toJSON(): string {
    return this.shown;
  }

  [inspect.custom](): string {
    return `RpcEndpoint(${this.shown})`;
  }
}
