import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/check-workspace-deps.mjs');
const trees: string[] = [];

/** A repository of one workspace, `app`, declaring `dependencies` and holding `files`. */
function tree(dependencies: Record<string, string>, files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'workspace-deps-'));
  trees.push(root);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ workspaces: ['app'], devDependencies: { vitest: '*' } }));
  mkdirSync(path.join(root, 'app/src'), { recursive: true });
  writeFileSync(path.join(root, 'app/package.json'), JSON.stringify({ name: '@desk/app', dependencies }));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, 'app', file), text);
  return root;
}

async function check(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, root]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('scripts/check-workspace-deps.mjs (part of npm run lint)', () => {
  it('fails on a package a workspace declares but never imports, naming it', async () => {
    const root = tree({ zod: '*', 'left-pad': '*' }, { 'src/index.ts': "import { z } from 'zod';\nexport const id = z.string();\n" });
    const { code, output } = await check(root);
    expect(code).toBe(1);
    expect(output).toContain('app/package.json: declares left-pad, which nothing in app/ imports');
    expect(output).not.toContain('declares zod');
  });

  it('fails on an import the workspace does not declare', async () => {
    const root = tree({}, { 'src/index.ts': "import { z } from 'zod';\nexport const id = z.string();\n" });
    const { code, output } = await check(root);
    expect(code).toBe(1);
    expect(output).toContain('app/src/index.ts: imports zod, which app/package.json does not declare');
  });

  it('counts a config file, a resolve by path and a typed package as uses, and passes', async () => {
    const root = tree(
      { zod: '*', vite: '*', 'swagger-ui-dist': '*', culori: '*', '@types/culori': '*' },
      {
        'src/index.ts': "import { z } from 'zod';\nimport { parse } from 'culori';\nexport const id = z.string().transform(parse);\n",
        'src/assets.ts':
          "import { createRequire } from 'node:module';\nexport const ui = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');\n",
        'vite.config.ts': "import { defineConfig } from 'vite';\nexport default defineConfig({});\n",
      },
    );
    const { code, output } = await check(root);
    expect(output).toContain('every import is declared, and every declared package imported');
    expect(code).toBe(0);
  });
});
