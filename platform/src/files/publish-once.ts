import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A file several processes may try to create at once (a generated secret or key in DATA_DIR): the
 * first to publish it wins, and every process reads what the winner wrote. The content is written
 * whole to a temporary file first and published with a hard link, which fails if the file exists:
 * a process never reads a file another is still writing (an API started beside another read a key
 * half written and could not start), and two processes never keep two different secrets.
 * Answers the published content and whether this call made it.
 */
export function publishOnce(file: string, make: () => string, mode = 0o600): { content: string; made: boolean } {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    return { content: readFileSync(file, 'utf8'), made: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const content = make();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return { content, made: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { content: readFileSync(file, 'utf8'), made: false };
  } finally {
    unlinkSync(temporary);
  }
}
