import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  fileId: string;
  contentType: string;
  size: number;
}

/** Where uploaded files live. A port, so object storage can replace the local disk. */
export interface FileStorage {
  save(bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  /** The file and its type, or null when there is no such file. */
  load(fileId: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

const FILE_ID = /^[0-9a-f-]{36}$/;

/**
 * Files under `<DATA_DIR>/uploads`, named by a random uuid (never by anything the client sent),
 * with the content type the server detected in a side file. Written to a temporary name and
 * renamed, so a crash never leaves half a file under a real id.
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
    if (!FILE_ID.test(fileId)) return null;
    const target = path.join(this.dir, fileId);
    try {
      const [bytes, contentType] = await Promise.all([readFile(target), readFile(`${target}.type`, 'utf8')]);
      return { bytes, contentType };
    } catch {
      return null;
    }
  }
}
