/**
 * Hash routes (#/plans, #/plans/:id, #/recorder, #/recorder/:id, #/environments, #/runs, #/runs/:id,
 * #/runs/compare?ids=a,b): parsing and links, pure.
 */

export type Route =
  | { page: 'plans' }
  | { page: 'plan'; id: string }
  | { page: 'recorder' }
  | { page: 'recording'; id: string }
  | { page: 'environments' }
  | { page: 'runs' }
  | { page: 'run'; id: string }
  | { page: 'compare'; ids: string[] }
  | { page: 'not-found'; path: string };

/** The route for `location.hash`; an empty hash is the plan library. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') return { page: 'plans' };
  const compare = /^runs\/compare\/?(?:\?(.*))?$/.exec(path);
  if (compare) return { page: 'compare', ids: compareIds(compare[1] ?? '') };
  const parts = path.split('/').map(decodePart);
  const [section, id, ...rest] = parts;
  if (rest.length > 0 || section === undefined || id === '') return { page: 'not-found', path: `/${path}` };
  if (section === 'plans') return id === undefined ? { page: 'plans' } : { page: 'plan', id };
  if (section === 'runs') return id === undefined ? { page: 'runs' } : { page: 'run', id };
  if (section === 'recorder') return id === undefined ? { page: 'recorder' } : { page: 'recording', id };
  if (section === 'environments' && id === undefined) return { page: 'environments' };
  return { page: 'not-found', path: `/${path}` };
}

/** The href of a route, for <a href>. */
export function hrefFor(route: Exclude<Route, { page: 'not-found' }>): string {
  switch (route.page) {
    case 'plans':
      return '#/plans';
    case 'plan':
      return `#/plans/${encodeURIComponent(route.id)}`;
    case 'recorder':
      return '#/recorder';
    case 'recording':
      return `#/recorder/${encodeURIComponent(route.id)}`;
    case 'environments':
      return '#/environments';
    case 'runs':
      return '#/runs';
    case 'run':
      return `#/runs/${encodeURIComponent(route.id)}`;
    // Each id is encoded on its own, so an id holding a comma survives the comma-separated list.
    case 'compare':
      return `#/runs/compare?ids=${route.ids.map(encodeURIComponent).join(',')}`;
  }
}

/** The sidebar section a route belongs to. */
export function sectionOf(route: Route): 'plans' | 'recorder' | 'environments' | 'runs' | null {
  switch (route.page) {
    case 'plans':
    case 'plan':
      return 'plans';
    case 'recorder':
    case 'recording':
      return 'recorder';
    case 'environments':
      return 'environments';
    case 'runs':
    case 'run':
    case 'compare':
      return 'runs';
    default:
      return null;
  }
}

/** The run ids of `ids=a,b,c` in a query string: in order, without blanks or repeats. */
function compareIds(query: string): string[] {
  const raw =
    query
      .split('&')
      .find((p) => p.startsWith('ids='))
      ?.slice(4) ?? '';
  const ids = raw
    .split(',')
    .map(decodePart)
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
