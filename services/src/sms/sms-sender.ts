import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** What a code is for: signing in, signing up, or setting a new password ("Forgot password?"). */
export type OtpPurpose = 'login' | 'register' | 'reset';

export interface OtpMessage {
  phone: string;
  code: string;
  purpose: OtpPurpose;
}

/**
 * A text to a customer (an order's news, services/src/notifications): the text as filled from the
 * brand's template, and what India's DLT requires of a commercial SMS. `id` is stable across
 * retries, for gateways that drop a message they already took.
 */
export interface TextMessage {
  id: string;
  phone: string;
  text: string;
  dltTemplateId: string | null;
  dltEntityId: string | null;
  senderId: string | null;
}

/** Delivers one-time codes and customers' notifications. A real SMS gateway plugs in behind this port. */
export interface SmsSender {
  readonly name: string;
  send(message: OtpMessage): Promise<void>;
  sendText(message: TextMessage): Promise<void>;
}

/**
 * Development: prints the code to the terminal, where the developer reads it. This is delivery,
 * not logging: the logger never sees codes. Refused in production by the configuration.
 */
export class ConsoleSms implements SmsSender {
  readonly name = 'console';
  async send({ phone, code, purpose }: OtpMessage): Promise<void> {
    process.stdout.write(`[sms] ${purpose} code for ${phone}: ${code}\n`);
  }

  async sendText({ phone, text, dltTemplateId }: TextMessage): Promise<void> {
    process.stdout.write(`[sms] to ${phone} (template ${dltTemplateId ?? 'unset'}): ${text}\n`);
  }
}

/** Appends one JSON line per message ({phone, code, purpose, at}) so tests and newcomers can read codes. */
export class OutboxSms implements SmsSender {
  readonly name = 'outbox';
  constructor(private readonly file: string) {}

  async send({ phone, code, purpose }: OtpMessage): Promise<void> {
    await this.append({ phone, code, purpose, at: new Date().toISOString() });
  }

  /** A notification's line: `purpose: 'notification'`, with the text and the DLT ids it went with. */
  async sendText(message: TextMessage): Promise<void> {
    await this.append({ ...message, purpose: 'notification', at: new Date().toISOString() });
  }

  private async append(line: object): Promise<void> {
    await mkdir(path.dirname(path.resolve(this.file)), { recursive: true });
    await appendFile(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }
}
