import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** What a code is for: signing in, signing up, or setting a new password ("Forgot password?"). */
export type OtpPurpose = 'login' | 'register' | 'reset';

export interface OtpMessage {
  phone: string;
  code: string;
  purpose: OtpPurpose;
}

/** Delivers one-time codes. A real SMS gateway plugs in behind this port. */
export interface SmsSender {
  readonly name: string;
  send(message: OtpMessage): Promise<void>;
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
}

/** Appends one JSON line per message ({phone, code, purpose, at}) so tests and newcomers can read codes. */
export class OutboxSms implements SmsSender {
  readonly name = 'outbox';
  constructor(private readonly file: string) {}

  async send({ phone, code, purpose }: OtpMessage): Promise<void> {
    await mkdir(path.dirname(path.resolve(this.file)), { recursive: true });
    await appendFile(this.file, `${JSON.stringify({ phone, code, purpose, at: new Date().toISOString() })}\n`, { mode: 0o600 });
  }
}
