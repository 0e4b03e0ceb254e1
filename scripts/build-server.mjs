// `npm run build:server`: the server's entry points compiled ahead of time into dist/server/*.mjs,
// so the production image runs them with plain `node` and ships no TypeScript, no tsx and no
// devDependencies (decision 0043). esbuild bundles the workspaces' sources (@desk/* export .ts
// files, which node cannot load) and leaves every npm package external: the image installs those
// with `npm ci --omit=dev`, so their versions stay the lockfile's and native modules stay intact.
//
// Files the sources read from disk beside themselves (`import.meta.dirname`) are found where the
// source tree had them: in a bundle, `import.meta.dirname` becomes the source's own directory under
// the application root (dist/server/../..), so `web/dist` and the API docs' static files resolve as
// they do under tsx. Each such use must be listed in RUNTIME_FILES (the Dockerfile copies those
// paths into the image); an unlisted one fails the build rather than a request in production.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { productionImportProblems } from './production-imports.mjs';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'dist/server');
// Built beside the target and swapped in, so processes running the previous build (the topology
// test's) never see a half-written one.
const outdir = path.join(root, `dist/server.next-${process.pid}`);
/** What the bundles are made from: a change to any of them makes dist/server stale (`--if-stale`). */
const INPUTS = [
  'platform/src',
  'machines/src',
  'projections/src',
  'services/src',
  'scripts/build-server.mjs',
  'scripts/production-imports.mjs',
  'package-lock.json',
];

/** What the image runs: the processes and the operator's CLIs. `seed-cli` is left out: demo data is refused in production. */
const SERVER_ENTRIES = ['start-api', 'start-projector', 'start-worker', 'projections-cli', 'admin-cli', 'backup-cli', 'restore-cli', 'audit-cli'];
/** Worker threads' own entry points, which the code starts by their file beside its chunks (`new URL('./<name>.mjs', import.meta.url)`). */
const THREAD_ENTRIES = {
  'verify-hash-worker': 'platform/src/eventstore/chain/verify-hash-worker.ts',
  'pg-verify-worker': 'platform/src/eventstore/postgres/pg-verify-worker.ts',
};

/** Source files that read files beside them at run time, and the paths (from the root) they read. */
const RUNTIME_FILES = {
  'services/src/api/web-client.ts': ['web/dist'],
  'services/src/api/openapi/api-docs.routes.ts': ['services/src/api/openapi/static'],
};

/** `import.meta.dirname` of a bundled source: its source directory, under the root the bundle runs from. */
const sourceDirnames = {
  name: 'source-dirnames',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname') && !source.includes('import.meta.filename')) return undefined;
      const relative = path.relative(root, args.path).split(path.sep).join('/');
      if (!RUNTIME_FILES[relative]) {
        return { errors: [{ text: `${relative} reads files beside itself: list what it reads in RUNTIME_FILES (scripts/build-server.mjs)` }] };
      }
      const dir = JSON.stringify(path.posix.dirname(relative));
      // dist/server/<chunk>.mjs -> the root is two levels up; path.join normalises the `..`.
      const contents =
        `import __deskSourcePath from 'node:path';\n` +
        source
          .replaceAll('import.meta.dirname', `__deskSourcePath.join(import.meta.dirname, '../..', ${dir})`)
          .replaceAll('import.meta.filename', `__deskSourcePath.join(import.meta.dirname, '../..', ${JSON.stringify(relative)})`);
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * npm packages stay imports (installed in the image); the workspaces' own sources are bundled. A
 * package npm installed under a workspace (`services/node_modules/lru-cache`: another version
 * sits at the root) is imported by its path from dist/server: from there, node would only look in
 * the root's node_modules and find the other version, or none.
 */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@desk/') || args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
      const nested = path.relative(root, args.resolveDir).split(path.sep)[0];
      if (!existsSync(path.join(root, nested, 'node_modules', packageName(args.path)))) return { path: args.path, external: true };
      const found = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: path.relative(outdir, found.path).split(path.sep).join('/'), external: true };
    });
  },
};

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function newestChange(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((entry) => newestChange(path.join(file, entry))));
}

const stamp = path.join(target, 'build.json');
if (
  process.argv.includes('--if-stale') &&
  existsSync(stamp) &&
  statSync(stamp).mtimeMs >= Math.max(...INPUTS.map((input) => newestChange(path.join(root, input))))
) {
  process.stdout.write('dist/server is up to date\n');
  process.exit(0);
}

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: { ...Object.fromEntries(SERVER_ENTRIES.map((name) => [name, `services/src/main/${name}.ts`])), ...THREAD_ENTRIES },
  outdir,
  outExtension: { '.js': '.mjs' },
  // Shared code in chunks beside the entries, so every output file is one level under dist/.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  // Stack traces name the TypeScript source through the map (node --enable-source-maps).
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [packagesExternal, sourceDirnames],
  metafile: true,
});
const problems = productionImportProblems(metafile, root);
if (problems.length > 0) {
  rmSync(outdir, { recursive: true, force: true });
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
for (const paths of Object.values(RUNTIME_FILES)) {
  for (const file of paths) {
    if (file === 'web/dist') continue; // built by `npm run build:web`, which may run after this
    statSync(path.join(root, file)); // a listed file that moved fails here, not in production
  }
}
// What the image must hold beside the bundles (scripts/runtime-stage.mjs reads it; the Dockerfile copies the same).
const runtimeFiles = [...new Set(Object.values(RUNTIME_FILES).flat())];
writeFileSync(path.join(outdir, 'build.json'), `${JSON.stringify({ builtAt: new Date().toISOString(), entries: SERVER_ENTRIES, runtimeFiles }, null, 2)}\n`);
const previous = `${target}.old-${process.pid}`;
if (existsSync(target)) renameSync(target, previous);
renameSync(outdir, target);
rmSync(previous, { recursive: true, force: true });
process.stdout.write(`server built into dist/server in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
