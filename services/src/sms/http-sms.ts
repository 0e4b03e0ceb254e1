import type { OtpMessage, SmsSender, TextMessage } from './sms-sender';
import { fillTemplate, type Escape } from './sms-template';

/** What a gateway gets unless configured otherwise (the env schema's defaults). */
export const HTTP_SMS_DEFAULTS = {
  method: 'POST',
  contentType: 'application/json',
  bodyTemplate: '{"to":"{{phone}}","message":"{{message}}","template_id":"{{template_id}}"}',
  messageTemplate: '{{code}} is your verification code. It is valid for 5 minutes. Do not share it with anyone.',
  timeoutMs: 10_000,
} as const;

export interface HttpSmsConfig {
  /** The gateway's endpoint; may hold {{placeholders}} (gateways that take the message in the query). */
  url: string;
  method: 'POST' | 'GET';
  /** `Name: value`, e.g. `Authorization: Bearer ...` or `authkey: ...`; sent as is, never logged. */
  authHeader: string | null;
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
  /** The request body with {{placeholders}}; ignored for GET. */
  bodyTemplate: string;
  /** The text sent, with {{code}}: in India, exactly the template registered on DLT. */
  messageTemplate: string;
  /** India's DLT template id, for gateways that take it as a field. */
  dltTemplateId: string | null;
  timeoutMs: number;
}

/**
 * An SMS gateway spoken to over HTTP: one request per code, shaped by templates, so most Indian
 * gateways (MSG91, Gupshup, Kaleyra, Twilio's form API) fit by configuration. Any answer but 2xx, or
 * no answer within the timeout, is a failure: the delivery job retries it with backoff. Errors say
 * the status only: a gateway's body may echo the message, and the code in it.
 */
export class HttpSms implements SmsSender {
  readonly name = 'http';
  constructor(
    private readonly config: HttpSmsConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: OtpMessage): Promise<void> {
    await this.request(this.values(message));
  }

  /**
   * A customer's notification: the body template gets the filled text as {{message}}, the brand's
   * {{template_id}}, {{entity_id}} and {{sender_id}}, and {{message_id}} (the same on every retry).
   */
  async sendText(message: TextMessage): Promise<void> {
    await this.request({
      phone: message.phone,
      phone_digits: message.phone.replace(/^\+/, ''),
      code: '',
      purpose: 'notification',
      message: message.text,
      template_id: message.dltTemplateId ?? '',
      entity_id: message.dltEntityId ?? '',
      sender_id: message.senderId ?? '',
      message_id: message.id,
    });
  }

  private async request(values: Record<string, string>): Promise<void> {
    const url = fillTemplate(this.config.url, values, encodeURIComponent);
    const headers: Record<string, string> = {};
    if (this.config.authHeader) {
      const [name, value] = splitHeader(this.config.authHeader);
      headers[name] = value;
    }
    let body: string | undefined;
    if (this.config.method === 'POST') {
      headers['content-type'] = this.config.contentType;
      body = fillTemplate(this.config.bodyTemplate, values, this.config.contentType === 'application/json' ? jsonEscape : encodeURIComponent);
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: this.config.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.config.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      // The fetch error is not attached as a cause: the gateway's address can carry its key, and a
      // logged cause would print it; its code alone says what happened.
      // eslint-disable-next-line preserve-caught-error
      throw new Error(timedOut ? `SMS gateway did not answer within ${this.config.timeoutMs} ms` : `SMS gateway unreachable (${errorCode(error)})`);
    }
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }

  private values({ phone, code, purpose }: OtpMessage): Record<string, string> {
    const text = fillTemplate(this.config.messageTemplate, { code, purpose }, (value) => value);
    return {
      phone,
      // Most Indian gateways want the number without the +: 91XXXXXXXXXX.
      phone_digits: phone.replace(/^\+/, ''),
      code,
      purpose,
      message: text,
      template_id: this.config.dltTemplateId ?? '',
      // A body shaped for notifications names these too; a code has none of them.
      entity_id: '',
      sender_id: '',
      message_id: '',
    };
  }
}

const jsonEscape: Escape = (value) => JSON.stringify(value).slice(1, -1);

/** `Name: value` into its two halves; the configuration checks the shape at start. */
export function splitHeader(line: string): [string, string] {
  const colon = line.indexOf(':');
  return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
}

/** The system's code for a failed request (ECONNREFUSED, ENOTFOUND), never the URL (it may hold a key). */
function errorCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
}
