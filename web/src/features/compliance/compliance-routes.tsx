import { Navigate, Route, Routes } from 'react-router';
import { ComplianceLayout } from './layout/compliance-layout';
import { ComplianceOrdersPage } from './orders/compliance-orders-page';
import { OrderTimelinePage } from './timeline/order-timeline-page';
import { EventLogPage } from './events/event-log-page';
import { AccessTrailPage } from './events/access-trail-page';
import { ExportsPage } from './exports/exports-page';
import { DeskChangesPage } from './changes/desk-changes-page';
import { DeskChangePage } from './changes/desk-change-page';
import { SessionsPage } from '../../components/account/sessions-page';
import { BooksScreen } from '../../components/ledger/books-screen';

/** The compliance screens (docs/compliance.md), in their own bundle; ComplianceLayout turns away anyone without the role. */
export function ComplianceRoutes() {
  return (
    <Routes>
      <Route element={<ComplianceLayout />}>
        <Route index element={<ComplianceOrdersPage />} />
        <Route path="orders" element={<Navigate to="/compliance" replace />} />
        <Route path="orders/:id" element={<OrderTimelinePage />} />
        <Route path="events" element={<EventLogPage />} />
        <Route path="access" element={<AccessTrailPage />} />
        <Route path="exports" element={<ExportsPage />} />
        <Route path="changes" element={<DeskChangesPage />} />
        <Route path="changes/:id" element={<DeskChangePage />} />
        <Route path="sessions" element={<SessionsPage />} />
        <Route path="books" element={<BooksScreen area="compliance" />} />
        <Route path="*" element={<Navigate to="/compliance" replace />} />
      </Route>
    </Routes>
  );
}
