/** The current hash route, re-rendering on navigation (no router library: a handful of routes do not need one). */
import { useMemo, useSyncExternalStore } from 'react';
import { hrefFor, parseRoute, type Route } from './route.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The route for the current `location.hash`. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return useMemo(() => parseRoute(hash), [hash]);
}

/** Goes to a route (adds a history entry, so Back works). */
export function navigate(route: Parameters<typeof hrefFor>[0]): void {
  window.location.hash = hrefFor(route);
}
