import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from './api';

export const DEFAULT_BRAND = { name: 'USDT Desk', logoUrl: null as string | null, primaryColor: '#0d6efd' };

/** Rates, fees, limits, networks and brand of the tenant this page is served for. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config', 'public'], queryFn: () => unwrap(api.config.public.$get()), staleTime: 60_000 });
}

/** Applies the tenant's colour as the theme colour (CSS variable and the browser's theme-color). */
export function useBrand() {
  const { data } = usePublicConfig();
  const brand = data?.brand ?? DEFAULT_BRAND;
  useEffect(() => {
    document.documentElement.style.setProperty('--brand', brand.primaryColor);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.primaryColor);
    document.title = brand.name;
  }, [brand.primaryColor, brand.name]);
  return brand;
}
