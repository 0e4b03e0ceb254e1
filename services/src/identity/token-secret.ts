import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { logger } from '@desk/platform/logging/logger';
import { publishOnce } from '@desk/platform/files/publish-once';

/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR (mode 600) so tokens survive restarts; published once (publish-once.ts), so processes
 * starting together on one DATA_DIR share one. Processes on several machines need JWT_SECRET.
 */
export function loadTokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'jwt-secret');
  const { content, made } = publishOnce(file, () => `${randomBytes(48).toString('base64url')}\n`);
  if (made) logger.info('generated a JWT secret (set JWT_SECRET to choose one)', { file });
  return content.trim();
}
