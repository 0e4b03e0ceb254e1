import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { keyFingerprint } from '@desk/platform/eventstore/chain/key-fingerprint';
import { verifyAuditExport } from '@desk/platform/eventstore/chain/verify-audit-export';
import { CommandError } from '../cli-errors';
import { count, type WriteLine } from '../progress';

/** A fingerprint as given (`sha256:…`), or a PEM file of the public key the operator published. */
function trustedFingerprint(key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (/^sha256:[0-9a-f]{64}$/.test(key)) return key;
  if (!existsSync(key)) throw new CommandError(`--key ${key}: neither a sha256:<hex> fingerprint nor a public key file`);
  return keyFingerprint(readFileSync(key, 'utf8'));
}

/**
 * `npm run audit -- verify <file>`: checks an export with no database and no network, streaming it
 * line by line. Fails (exit 1) naming every problem; without --key it reports which key signed it.
 */
export async function verifyExportFile(file: string, key: string | undefined, write: WriteLine): Promise<void> {
  if (!existsSync(file)) throw new CommandError(`${file}: no such file`);
  const trusted = trustedFingerprint(key);
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const result = await verifyAuditExport(lines, trusted);
  if (!result.ok) {
    for (const problem of result.problems) write(`[audit] ${problem}`);
    throw new CommandError(`[audit] ${file}: NOT intact (${result.problems.length} problem(s))`);
  }
  write(`[audit] ${file}: intact. Export ${result.exportId}: ${count(result.eventCount)} events in ${count(result.streamCount)} streams.`);
  if (result.withheldCount > 0) {
    write(
      `[audit] ${count(result.withheldCount)} events withhold data or metadata from this reader: their links are checked by their content's sha-256, their content cannot be`,
    );
  }
  write(
    trusted
      ? `[audit] signed by the trusted key ${result.keyFingerprint}`
      : `[audit] signed by ${result.keyFingerprint}: compare it with the key the operator published (GET /api/compliance/signing-key), or pass --key`,
  );
}
