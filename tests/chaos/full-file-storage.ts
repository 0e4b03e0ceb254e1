import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, rmSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../../platform/src/db/embedded-postgres';
import { serverAccount } from '../../platform/src/db/embedded-postgres/server-account';

export interface FullableStorage {
  /** Fills the filesystem the uploads live on, to the last byte. */
  fill(): void;
  /** Gives the space back. */
  free(): void;
  /** Unmounts the filesystem (after PostgreSQL has stopped). */
  close(): void;
}

/**
 * The file storage, made able to run out of space honestly. Compose keeps uploads in PostgreSQL
 * (FILE_STORAGE defaults to postgres: the `stored_files` table), so "storage full" is PostgreSQL
 * unable to grow that table's files: the table (with its TOAST, where proof bytes go) is moved to
 * a tablespace on a small tmpfs of its own, and the fault fills that filesystem with a file of
 * zeros. PostgreSQL then meets the real ENOSPC ("could not extend file", SQLSTATE 53100) when an
 * upload needs a new page, exactly as on a full disk; the WAL and every other table stay on the
 * main disk, so orders can still be placed. To fill it without holding a gigabyte of memory, the
 * filesystem is first shrunk to what it holds plus a little (a tmpfs resizes on remount, as a
 * quota would be lowered), and the rest is written. Mounting needs root (CAP_SYS_ADMIN).
 */
export async function fullableFileStorage(superuserUrl: string, databaseUrl: string, sizeMb = 1024): Promise<FullableStorage> {
  if (os.userInfo().uid !== 0) throw new Error('the storage-full fault mounts a tmpfs: run it as root, or leave storage-full out of --faults');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chaos-file-storage-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir]);
  const account = serverAccount();
  if (account) chownSync(dir, account.uid, account.gid);
  const tablespace = path.join(dir, 'tablespace');
  execFileSync('mkdir', [tablespace]);
  if (account) chownSync(tablespace, account.uid, account.gid);
  const filler = path.join(dir, 'filler');

  const admin = new pg.Client({ connectionString: withDatabase(superuserUrl, new URL(databaseUrl).pathname.slice(1)) });
  await admin.connect();
  try {
    await admin.query(`create tablespace chaos_file_storage location '${tablespace}'`);
    await admin.query('alter table stored_files set tablespace chaos_file_storage');
  } finally {
    await admin.end();
  }

  return {
    fill() {
      const { blocks, bfree, bsize } = statfsSync(dir);
      const usedKb = Math.ceil(((blocks - bfree) * bsize) / 1024);
      execFileSync('mount', ['-o', `remount,size=${usedKb + 2048}k`, dir]);
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(1 << 20);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        // The last partial chunk: every byte taken.
        for (let size = chunk.length >> 1; size >= 512; size >>= 1) {
          try {
            for (;;) writeSync(fd, chunk, 0, size);
          } catch {
            // this size no longer fits; try a smaller one
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      try {
        unlinkSync(filler);
      } catch {
        // already free
      }
      execFileSync('mount', ['-o', `remount,size=${sizeMb}m`, dir]);
    },
    close() {
      try {
        execFileSync('umount', ['--lazy', dir]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
