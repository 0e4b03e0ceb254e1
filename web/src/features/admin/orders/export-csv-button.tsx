import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { adminApi, type ExportFilters } from '../admin-api';

/**
 * The CSV is a plain download, which cannot carry the bearer token: the server hands out a short-lived
 * signed link for these filters, and the browser opens it.
 */
export function ExportCsvButton({ filters }: { filters: ExportFilters }) {
  const toast = useToast();
  const exporting = useMutation({
    mutationFn: () => adminApi.exportLink(filters),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast(failureText(error, 'Failed to export orders'), 'error'),
  });
  return (
    <button type="button" className="btn secondary" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
      {exporting.isPending ? 'Preparing...' : 'Export CSV'}
    </button>
  );
}
