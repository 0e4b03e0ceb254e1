export interface StoredFile {
  fileId: string;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live: PostgreSQL when a server is configured (pg-file-storage.ts), the
 * local disk for the embedded default (local-file-storage.ts). Files are named by a random uuid,
 * never by anything the client sent, and carry the content type the server detected.
 */
export interface FileStorage {
  save(bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  /** The file and its type, or null when there is no such file. */
  load(fileId: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Removes a file nothing refers to (one stored for a command that was then refused); no file is no error. */
  remove(fileId: string): Promise<void>;
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a string can be a file id at all: anything else is no file, without asking the store. */
export const isFileId = (fileId: string): boolean => FILE_ID.test(fileId);
