import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isFileId, type FileStorage, type StoredFile } from './file-storage';

/**
 * Files under `<DATA_DIR>/uploads`, with the detected content type in a side file. Written to a
 * temporary name and renamed, so a crash never leaves half a file under a real id. One machine
 * only: with several API processes, use PostgreSQL (FILE_STORAGE=postgres).
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async save(bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const fileId = randomUUID();
    const target = path.join(this.dir, fileId);
    await writeFile(`${target}.tmp`, bytes, { mode: 0o600 });
    await writeFile(`${target}.type`, contentType, { mode: 0o600 });
    await rename(`${target}.tmp`, target);
    return { fileId, contentType, size: bytes.byteLength };
  }

  async load(fileId: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!isFileId(fileId)) return null;
    const target = path.join(this.dir, fileId);
    try {
      const [bytes, contentType] = await Promise.all([readFile(target), readFile(`${target}.type`, 'utf8')]);
      return { bytes, contentType };
    } catch {
      return null;
    }
  }

  async remove(fileId: string): Promise<void> {
    if (!isFileId(fileId)) return;
    const target = path.join(this.dir, fileId);
    await Promise.all([rm(target, { force: true }), rm(`${target}.type`, { force: true })]);
  }
}
