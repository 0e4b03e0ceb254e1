import { PageTitle } from '../ui/page-title';
import { useReadsEveryBrand } from '../ui/use-scope';
import { ExportForm } from './export-form';
import { SigningKeyCard } from './signing-key-card';

/** `/compliance/exports`: signed audit exports for auditors, and the key they are checked against. */
export function ExportsPage() {
  const byBrand = useReadsEveryBrand();
  return (
    <section className="stack compliance-screen">
      <PageTitle title="Exports" note="Signed files of events for auditors. A download link works for 10 minutes without signing in." />
      <div className="exports-grid">
        <ExportForm byBrand={byBrand} />
        <SigningKeyCard />
      </div>
    </section>
  );
}
