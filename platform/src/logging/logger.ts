/**
 * One line per entry: `time level message {fields}`. Fields are structured so a log shipper can
 * parse them; nothing secret is ever passed in (callers log ids and counts, never payloads or tokens).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = 'info';

export function setLogLevel(level: Level): void {
  threshold = level;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < ORDER[threshold]) return;
  const suffix = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields, bigintSafe)}` : '';
  const line = `${new Date().toISOString()} ${level.padEnd(5)} ${message}${suffix}\n`;
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
}

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
