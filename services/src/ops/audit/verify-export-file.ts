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

/** What the verifier says of a file whose signer nobody pinned: it is not a verdict, and exits 1. */
export const UNPINNED =
  'NOT verified: a file re-signed by anyone verifies against its own key. Pass --key with the fingerprint the operator published (GET /api/compliance/signing-key)';

/**
 * `npm run audit -- verify <file> --key <fingerprint | pem>`: checks an export with no database and
 * no network, streaming it line by line. Fails (exit 1) naming every problem. Only a file signed by
 * the pinned key is called intact: without --key the file's own key vouches for it, which a forger
 * supplies, so the verifier names that key and fails (security review, issue 27).
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
  const contents = `Export ${result.exportId}: ${count(result.eventCount)} events in ${count(result.streamCount)} streams.`;
  if (!trusted) {
    write(`[audit] ${file}: its hashes and manifest agree with each other, and it is signed by ${result.keyFingerprint}. ${contents}`);
    throw new CommandError(`[audit] ${file}: ${UNPINNED}`);
  }
  write(`[audit] ${file}: intact. ${contents}`);
  if (result.withheldCount > 0) {
    write(
      `[audit] ${count(result.withheldCount)} events withhold data or metadata from this reader: their links are checked by their content's sha-256, their content cannot be`,
    );
  }
  write(`[audit] signed by the trusted key ${result.keyFingerprint}`);
}
