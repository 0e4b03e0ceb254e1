import { logger } from '@desk/platform/logging/logger';
import { asDomainError } from '../http/domain-refusals';
import type { FileStorage } from './file-storage';

/**
 * Runs one command that stores files before it is decided (the decision sees their ids only).
 * When the command is refused (a validation error, the order's status, a domain rule) nothing
 * recorded refers to those files, so they are removed. Any other failure may have recorded the
 * command after all (a lost connection after the append), so its files are kept.
 */
export async function withFilesForOneCommand<T>(files: FileStorage, command: (files: FileStorage) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  const tracking: FileStorage = {
    async save(bytes, contentType) {
      const file = await files.save(bytes, contentType);
      stored.push(file.fileId);
      return file;
    },
    load: (fileId) => files.load(fileId),
    remove: (fileId) => files.remove(fileId),
  };
  try {
    return await command(tracking);
  } catch (error) {
    if (stored.length > 0 && asDomainError(error) !== null) await removeAll(files, stored);
    throw error;
  }
}

async function removeAll(files: FileStorage, fileIds: string[]): Promise<void> {
  for (const fileId of fileIds) {
    // The refusal is what the caller must see; a file left behind is only space.
    await files.remove(fileId).catch((error: unknown) => logger.warn('could not remove a file of a refused command', { fileId, error: String(error) }));
  }
}
