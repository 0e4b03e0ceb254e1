import { useSearchParams } from 'react-router';
import { deskDay } from '@desk/machines/ledger/desk-day';
import type { BooksQuery } from './ledger-api';

/**
 * The brand and day the Books screen shows, kept in the address (?tenantId=&day=) so a position can
 * be linked and reloaded; no day is today (India's, as the desk's days are), no brand the reader's own.
 */
export function useBooksParams() {
  const [params, setParams] = useSearchParams();
  const today = deskDay(new Date())!;
  const tenantId = params.get('tenantId') ?? '';
  const day = params.get('day') ?? '';
  const query: BooksQuery = { ...(tenantId ? { tenantId } : {}), ...(day ? { day } : {}) };
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return { today, tenantId, day: day || today, query, setBrand: (id: string) => set('tenantId', id), setDay: (value: string) => set('day', value) };
}
