import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pageTitle } from '@shop/contracts';
import { applyPageMeta, fetchPageMeta, metaPathOf } from '../lib/page-meta';
import type { RouteHandle } from './routes/lazy-page';

/**
 * Keeps the document title, canonical link and sharing tags in step with the route: the public pages from
 * GET /api/meta/{path}; the sign-in screens, the customer area and the back-office from their route's title.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const ownTitle = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .pop();
  const path = metaPathOf(pathname);
  const { data, isError } = useQuery({
    queryKey: ['page-meta', path],
    queryFn: ({ signal }) => fetchPageMeta(path, signal),
    staleTime: 5 * 60_000,
    enabled: !ownTitle,
  });
  useEffect(() => {
    if (ownTitle) applyPageMeta({ title: pageTitle(ownTitle), url: `${window.location.origin}${pathname}` });
    else if (data) applyPageMeta(data);
    else if (isError) applyPageMeta(null);
  }, [ownTitle, pathname, data, isError]);
}
