// Projections own their read models end to end: services reach them only through the query
// functions projections export, never by naming a read-model or runtime table themselves.
// (A text check, because a table name in raw SQL carries no import for dependency-cruiser to see.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TABLE = /\b(rm_[a-z_]+|projection_checkpoints|projection_dead_letters)\b/g;
const problems = [];

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
      readFileSync(full, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const match of line.matchAll(TABLE)) problems.push(`${path.relative(root, full)}:${i + 1}: names the read-model table ${match[1]}`);
        });
    }
  }
}
walk(path.join(root, 'services/src'));
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\nQuery read models through projections/src/read-models/<name>/<name>.queries.ts\n`);
  process.exit(1);
}
process.stdout.write('read models: services name none of their tables\n');
