import pino from 'pino';
import { redactSecrets } from './redaction';
import { readableLine } from './readable-line';

/**
 * The one logger: `logger.info(message, fields)`. One JSON line per entry (pino), with `level`,
 * `time` (ISO), `pid`, `hostname`, `msg` and the fields, so a log shipper parses it as is. Callers log
 * ids and counts, never payloads or tokens; the redact paths (redaction.ts) catch the slip anyway.
 * debug and info go to stdout, warn and error to stderr (a CLI's own output on stdout stays clean).
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'readable';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Where finished lines go: pino writes one whole line per call. */
export interface LogSink {
  write(line: string): void;
}

export interface LoggerHandle {
  logger: Logger;
  setLevel(level: Level): void;
}

/** A logger writing to its own sinks: the process's (below), or a test's. */
export function createLogger(sinks: { out: LogSink; err: LogSink }, level: Level = 'info'): LoggerHandle {
  const base = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Secrets are taken out here (redaction.ts), bigints made strings: one pass over the fields.
      formatters: { level: (label) => ({ level: label }), log: (fields) => stringifyBigints(redactSecrets(fields)) },
    },
    // dedupe: a line goes to the one stream with the highest level at or below its own.
    pino.multistream(
      [
        { level: 'debug', stream: sinks.out },
        { level: 'warn', stream: sinks.err },
      ],
      { dedupe: true },
    ),
  );
  const at =
    (method: Level) =>
    (message: string, fields?: LogFields): void => {
      if (fields) base[method](fields, message);
      else base[method](message);
    };
  return {
    logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    setLevel: (next) => {
      base.level = next;
    },
  };
}

/** Event store positions are bigints: as strings they survive JSON parsers that read numbers as doubles. */
function stringifyBigints(fields: LogFields): LogFields {
  if (!Object.values(fields).some((value) => typeof value === 'bigint')) return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]));
}

let format: LogFormat = 'json';
const to = (stream: NodeJS.WriteStream): LogSink => ({
  write: (line) => void stream.write(format === 'readable' ? readableLine(line) : line),
});
const processLogger = createLogger({ out: to(process.stdout), err: to(process.stderr) });

export const logger: Logger = processLogger.logger;

export function setLogLevel(level: Level): void {
  processLogger.setLevel(level);
}

export function setLogFormat(next: LogFormat): void {
  format = next;
}

/**
 * Readable lines for a developer watching a terminal; JSON wherever a program reads them (a pipe, a
 * file, a container's log driver) and always in production, even on a TTY (`docker run -t`).
 */
export function logFormatFor(nodeEnv: string, isTty: boolean = process.stdout.isTTY === true): LogFormat {
  return nodeEnv === 'development' && isTty ? 'readable' : 'json';
}
