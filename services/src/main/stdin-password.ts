import { UsageError } from '../ops/cli-errors';

/**
 * The first line of standard input, for `--password-from-stdin`. Only from a pipe or a file: typed
 * at a terminal it would be echoed on the screen (and left in the scrollback).
 */
export async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError(`--password-from-stdin reads a pipe, not the terminal: printf '%s\\n' "$PASSWORD" | npm run admin -- ...`);
  }
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const password = text.split('\n')[0]!.replace(/\r$/, '');
  if (password === '') throw new UsageError('--password-from-stdin: standard input was empty');
  return password;
}
