import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One cache for the app: short staleness, no retries on answers that will not change (4xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: true,
    },
  },
});
