import type { Crumb } from '../breadcrumb';

export interface DeskCrumbs {
  /** The area's first crumb: its name, leading to its front page. */
  root: Crumb;
  /** The words for each segment of the address after the area's own (`orders` -> Orders). */
  labels: Readonly<Record<string, string>>;
  /** What a record's id is called after the list it belongs to (`orders/<id>` -> Order Details). */
  records: Readonly<Record<string, string>>;
}

/** "/<area>/orders/<id>" -> Area › Orders › Order Details, each crumb linking to its own path. */
export function deskBreadcrumb(pathname: string, { root, labels, records }: DeskCrumbs): Crumb[] {
  const [area, ...segments] = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [root];
  segments.forEach((segment, i) => {
    const label = labels[segment] ?? records[segments[i - 1] ?? ''] ?? segment;
    crumbs.push({ label, to: `/${area}/${segments.slice(0, i + 1).join('/')}` });
  });
  return crumbs;
}
