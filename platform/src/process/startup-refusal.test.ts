import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Runs a tiny entry point that installs the reporter, then throws `what` at its top level. */
function entryThrowing(what: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'startup-refusal-'));
  const file = path.join(dir, 'entry.mts');
  writeFileSync(
    file,
    `import { StartupRefusal, reportStartupRefusals } from ${JSON.stringify(path.join(here, 'startup-refusal.ts'))};\n` +
      `reportStartupRefusals();\nawait Promise.resolve();\nthrow ${what};\n`,
  );
  try {
    return spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 30_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('refused starts', () => {
  it('prints a StartupRefusal as its message alone and exits 1', () => {
    const run = entryThrowing("new StartupRefusal('Remove /var/lib/x to start with an empty database.')");
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('Remove /var/lib/x to start with an empty database.\n');
  });

  it('reports any other error with its stack, exit 1', () => {
    const run = entryThrowing("new Error('a bug')");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Error: a bug\n\s+at /);
  });
});
