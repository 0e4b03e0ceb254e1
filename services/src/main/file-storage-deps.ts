import path from 'node:path';
import type { Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { ServicesDatabase } from '../db/services-database';
import type { FileStorage } from '../files/file-storage';
import { LocalFileStorage } from '../files/local-file-storage';
import { PgFileStorage } from '../files/pg-file-storage';

export interface FileStorageSettings {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  FILE_STORAGE?: 'postgres' | 'disk' | undefined;
}

/** PostgreSQL when a server is configured (shared by replicas), the disk beside the embedded one. */
export function fileStorageFor(env: FileStorageSettings, db: Kysely<ServicesDatabase>): FileStorage {
  const kind = env.FILE_STORAGE ?? (env.DATABASE_URL ? 'postgres' : 'disk');
  if (kind === 'postgres') return new PgFileStorage(db);
  const dir = path.resolve(env.DATA_DIR, 'uploads');
  if (env.DATABASE_URL) logger.warn('FILE_STORAGE=disk with a database server: other API processes will not see these files', { dir });
  return new LocalFileStorage(dir);
}
