import { useRouteError, type RouteObject } from 'react-router';
import { useT } from '../i18n/use-t';

/**
 * How browsers word a dynamic import that failed (Chromium, Firefox, Safari) and Vite's own words
 * for a chunk's stylesheet that failed: after a deploy, the open page asks for a chunk of the
 * build it was loaded from, whose hashed file is gone.
 */
const STALE_CHUNK = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isStaleChunk(error: unknown): boolean {
  return error instanceof Error && STALE_CHUNK.test(error.message);
}

/**
 * The screen for a route that failed to load or render, instead of a blank page: after a deploy,
 * that the app was updated (a reload fetches the new index.html and its chunks); otherwise that
 * something went wrong. Reload either way: nothing on the page can recover on its own.
 */
export function RouteError() {
  const t = useT();
  const updated = isStaleChunk(useRouteError());
  return (
    <main className="app-error">
      <div role="alert" className="card">
        <h1>{updated ? t('app.error.updated') : t('app.error.wrong')}</h1>
        <p className="muted">{updated ? t('app.error.updatedText') : t('app.error.wrongText')}</p>
        <button type="button" className="btn" onClick={() => location.reload()}>
          {t('app.error.reload')}
        </button>
      </div>
    </main>
  );
}

/** Nothing while the first route's chunk loads, as before, said outright (the router warns otherwise). */
const Blank = () => null;

/** `routes` under one pathless parent whose error screen is RouteError: one boundary for every route and its chunk. */
export function withErrorScreen(routes: RouteObject[]): RouteObject[] {
  return [{ ErrorBoundary: RouteError, HydrateFallback: Blank, children: routes }];
}
