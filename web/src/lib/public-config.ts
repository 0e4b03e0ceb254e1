import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { applyBrandTheme } from '../theme/apply-brand-theme';
import { DEFAULT_BRAND_COLOUR } from '../theme/brand-theme';
import { api, unwrap } from './api';

export const DEFAULT_BRAND = { name: 'USDT Desk', logoUrl: null as string | null, primaryColor: DEFAULT_BRAND_COLOUR };

/** Rates, fees, limits, networks and brand of the tenant this page is served for. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config', 'public'], queryFn: () => unwrap(api.config.public.$get()), staleTime: 60_000 });
}

/** Where this address's brand colour is kept between visits (local storage is per address, so per brand). */
export const REMEMBERED_COLOUR = 'brandColour';

function rememberedColour(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_COLOUR);
  } catch {
    return null; // storage refused (a private window's settings): the default until the brand's arrives
  }
}

function remember(colour: string) {
  try {
    localStorage.setItem(REMEMBERED_COLOUR, colour);
  } catch {
    // Only the next visit's first moment is in the default colours.
  }
}

/**
 * Applies the tenant's theme, derived from its colour so every pair it paints reads (theme/brand-theme.ts),
 * as CSS variables and the browser's theme-color. Until the public configuration arrives, the colour
 * this address's brand had on the last visit (kept in local storage) stands in, so a returning
 * customer does not see the default blue first; applied before the browser paints. The tab reads the
 * brand's name, after the page's own (`page`, e.g. "Orders · Alpha Desk") where the area names it.
 */
export function useBrand(page?: string) {
  const { data } = usePublicConfig();
  const brand = data?.brand ?? DEFAULT_BRAND;
  const colour = data?.brand.primaryColor ?? rememberedColour() ?? DEFAULT_BRAND.primaryColor;
  const arrived = data !== undefined;
  useLayoutEffect(() => {
    applyBrandTheme(colour);
    if (arrived) remember(colour);
  }, [colour, arrived]);
  useEffect(() => {
    document.title = page ? `${page} · ${brand.name}` : brand.name;
  }, [brand.name, page]);
  return brand;
}
