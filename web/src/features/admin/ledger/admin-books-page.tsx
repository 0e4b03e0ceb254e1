import { BooksScreen } from '../../../components/ledger/books-screen';
import { PageHead } from '../ui/page-head';
import '../admin-forms.css';

/** Books: the desk's books for a brand and day (an operator admin chooses the brand; a brand admin reads theirs). */
export function AdminBooksPage() {
  return (
    <div className="admin-page">
      <BooksScreen
        area="admin"
        head={(brand) => (
          <PageHead
            title="Books"
            note={`Each bank account and wallet${brand ? ` of ${brand}` : ''}, day by day: what the desk's books say beside what the bank and the chain say.`}
          />
        )}
      />
    </div>
  );
}
