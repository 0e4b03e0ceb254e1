import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../../components/copy-button';
import { Detail } from '../../../components/detail';
import { complianceApi, complianceKeys } from '../compliance-api';
import { Failure } from '../ui/failure';

/** The key exports are signed with, for an auditor to pin, and how an export is checked offline. */
export function SigningKeyCard() {
  const key = useQuery({ queryKey: complianceKeys.signingKey, queryFn: complianceApi.signingKey, staleTime: Infinity });
  return (
    <section className="card stack" aria-labelledby="signing-key-title">
      <h2 id="signing-key-title">Signing key</h2>
      {key.isPending && <p className="muted">Loading the signing key...</p>}
      <Failure error={key.error} fallback="Failed to load the signing key" />
      {key.data && (
        <>
          <dl className="details">
            <Detail label="Algorithm">{key.data.algorithm}</Detail>
            <Detail label="Fingerprint" className="address">
              <code>{key.data.fingerprint}</code> <CopyButton text={key.data.fingerprint} what="fingerprint" />
            </Detail>
          </dl>
          <details>
            <summary>Public key (PEM)</summary>
            <pre className="json-view">{key.data.publicKeyPem}</pre>
          </details>
        </>
      )}
      <div className="verify-note">
        <h3>Checking an export</h3>
        <p>
          Every export is a JSON-lines file signed with this key. Anyone with the file can check, with no database and no network, that no event in it was
          changed, removed or reordered:
        </p>
        <pre className="json-view">npm run audit -- verify audit-export-&lt;id&gt;.jsonl</pre>
        <p className="muted">Compare the fingerprint it prints with the one above.</p>
      </div>
    </section>
  );
}
