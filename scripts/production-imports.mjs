// The built server's npm imports, held to what the image installs: `npm ci --omit=dev` leaves out
// every package the lockfile marks `dev`, so a bundle importing one would start in development and
// the tests (which have every package) and fail in the image. Checked from esbuild's metafile and
// package-lock.json at each build, so it fails there instead.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Development-only packages a bundle may import dynamically, and why that import never runs in the image. */
const DEVELOPMENT_ONLY = {
  vite: 'ensure-web-build.ts builds the web client only where its sources are, and the image holds none',
};

/** Problems, one a line: each external import the production install would not satisfy. */
export function productionImportProblems(metafile, root) {
  const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const problems = new Set();
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path: spec, kind, external } of imports) {
      if (!external || spec.startsWith('node:')) continue;
      const key = lockfileKey(spec, path.resolve(root, path.dirname(output)), root);
      if (!key) continue;
      const entry = packages[key];
      const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
      if (kind === 'dynamic-import' && DEVELOPMENT_ONLY[name]) continue;
      if (!entry) problems.add(`${path.basename(output)} imports ${spec}, which package-lock.json does not install (${key})`);
      else if (entry.dev) problems.add(`${path.basename(output)} imports ${name}, a devDependency: npm ci --omit=dev leaves it out of the image`);
    }
  }
  return [...problems];
}

/** `pino` -> node_modules/pino; `../../platform/node_modules/canonicalize/lib/x.js` -> platform/node_modules/canonicalize. */
function lockfileKey(spec, from, root) {
  if (spec.startsWith('.')) {
    const relative = path.relative(root, path.resolve(from, spec)).split(path.sep).join('/');
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(relative);
    return match ? match[1] : null;
  }
  const parts = spec.split('/');
  return `node_modules/${spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
}
