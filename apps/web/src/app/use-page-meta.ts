import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyPageMeta, fetchPageMeta, metaPathOf } from '../lib/page-meta';

/** Keeps the document title and sharing tags in step with the route (GET /api/meta/{path}). */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  const path = metaPathOf(pathname);
  const { data, isError } = useQuery({
    queryKey: ['page-meta', path],
    queryFn: ({ signal }) => fetchPageMeta(path, signal),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (data) applyPageMeta(data);
    else if (isError) applyPageMeta(null);
  }, [data, isError]);
}
