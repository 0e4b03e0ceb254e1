import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { logger } from '@desk/platform/logging/logger';

/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR (mode 600) so tokens survive restarts. Several API processes need JWT_SECRET: each would
 * otherwise generate its own.
 */
export function loadTokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  logger.info('generated a JWT secret (set JWT_SECRET to choose one)', { file });
  return secret;
}
