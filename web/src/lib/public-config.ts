import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyBrandTheme } from '../theme/apply-brand-theme';
import { DEFAULT_BRAND_COLOUR } from '../theme/brand-theme';
import { api, unwrap } from './api';

export const DEFAULT_BRAND = { name: 'USDT Desk', logoUrl: null as string | null, primaryColor: DEFAULT_BRAND_COLOUR };

/** Rates, fees, limits, networks and brand of the tenant this page is served for. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config', 'public'], queryFn: () => unwrap(api.config.public.$get()), staleTime: 60_000 });
}

/**
 * Applies the tenant's theme, derived from its colour so every pair it paints reads (theme/brand-theme.ts),
 * as CSS variables and the browser's theme-color.
 */
export function useBrand() {
  const { data } = usePublicConfig();
  const brand = data?.brand ?? DEFAULT_BRAND;
  useEffect(() => {
    applyBrandTheme(brand.primaryColor);
    document.title = brand.name;
  }, [brand.primaryColor, brand.name]);
  return brand;
}
