/**
 * One JSON log line as a developer reads it at a terminal: `time level message {fields}`. Only for
 * development on a TTY (logger.ts); everything else keeps the JSON line, which a shipper parses.
 */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, ...fields } = entry;
  const suffix = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  return `${String(time)} ${String(level).padEnd(5)} ${String(msg ?? '')}${suffix}\n`;
}
