import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishOnce } from './publish-once';

describe('a file published once', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dir = () => {
    const made = mkdtempSync(path.join(os.tmpdir(), 'publish-once-'));
    dirs.push(made);
    return made;
  };

  it('writes the first content whole, owner-only, and gives every later caller that content', () => {
    const file = path.join(dir(), 'nested', 'secret');
    expect(publishOnce(file, () => 'first')).toEqual({ content: 'first', made: true });
    expect(publishOnce(file, () => 'second')).toEqual({ content: 'first', made: false });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('lets the winner of a race keep its content: the loser reads it, never a half-written file', () => {
    const file = path.join(dir(), 'key');
    // The loser had made its content before the winner published: publishing then finds the file.
    const loser = publishOnce(file, () => {
      publishOnce(file, () => 'winner');
      return 'loser';
    });
    expect(loser).toEqual({ content: 'winner', made: false });
    expect(readdirSync(path.dirname(file))).toEqual(['key']);
  });
});
