import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { isFileId, type FileStorage, type StoredFile } from './file-storage';

/**
 * Files in the `stored_files` table: shared by every API replica and kept in the database's
 * backups. Proofs are at most 5 MB and images 2 MB (machines/src/files/file-limits.ts), well
 * within what a bytea row carries.
 */
export class PgFileStorage implements FileStorage {
  constructor(private readonly db: Kysely<ServicesDatabase>) {}

  async save(bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    const fileId = randomUUID();
    await this.db
      .insertInto('stored_files')
      .values({ file_id: fileId, content_type: contentType, size: bytes.byteLength, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
      .execute();
    return { fileId, contentType, size: bytes.byteLength };
  }

  async load(fileId: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!isFileId(fileId)) return null;
    const row = await this.db.selectFrom('stored_files').select(['bytes', 'content_type']).where('file_id', '=', fileId).executeTakeFirst();
    return row ? { bytes: row.bytes, contentType: row.content_type } : null;
  }

  async remove(fileId: string): Promise<void> {
    if (!isFileId(fileId)) return;
    await this.db.deleteFrom('stored_files').where('file_id', '=', fileId).execute();
  }
}
