import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type AdminDesignDetail,
  type AdminDesignList,
  type CustomerDesignDetail,
  type CustomerDesignList,
  type DesignStatus,
  type DesignSubmittedResponse,
} from '@shop/contracts';
import { api, OWN_ERRORS } from '../../../lib/api-client';

export const designKeys = {
  all: ['designs'] as const,
  mine: (page: number) => ['designs', 'mine', page] as const,
  mineOne: (slug: string) => ['designs', 'mine', 'one', slug] as const,
  admin: (query: AdminDesignQuery) => ['designs', 'admin', query] as const,
  adminOne: (id: number) => ['designs', 'admin', 'one', id] as const,
};

/* ------------------------------------------------------------------ submission */

export function submitDesign(form: FormData): Promise<DesignSubmittedResponse> {
  return api.post<DesignSubmittedResponse>('/api/user/design-submissions', form, OWN_ERRORS);
}

/* ------------------------------------------------------------------ customer area */

export const myDesignsQuery = (page: number) =>
  queryOptions({
    queryKey: designKeys.mine(page),
    queryFn: ({ signal }) =>
      api.get<CustomerDesignList>('/api/user/design-submissions', {
        query: { page, per_page: PAGE_SIZE.designs },
        signal,
        ...OWN_ERRORS,
      }),
    placeholderData: keepPreviousData,
  });

export const myDesignQuery = (slug: string) =>
  queryOptions({
    queryKey: designKeys.mineOne(slug),
    queryFn: ({ signal }) =>
      api
        .get<{ design: CustomerDesignDetail }>(`/api/user/design-submissions/${encodeURIComponent(slug)}`, {
          signal,
          ...OWN_ERRORS,
        })
        .then((r) => r.design),
    retry: false,
  });

export function deleteMyDesign(slug: string): Promise<void> {
  return api
    .delete<unknown>(`/api/user/design-submissions/${encodeURIComponent(slug)}`, OWN_ERRORS)
    .then(() => undefined);
}

/* ------------------------------------------------------------------ back-office */

export interface AdminDesignQuery {
  page: number;
  perPage: number;
  search?: string;
  userId?: number;
}

export const adminDesignsQuery = (query: AdminDesignQuery) =>
  queryOptions({
    queryKey: designKeys.admin(query),
    queryFn: ({ signal }) =>
      api.get<AdminDesignList>('/api/admin/designs', {
        query: {
          page: query.page,
          perPage: query.perPage,
          search: query.search || undefined,
          userId: query.userId,
        },
        signal,
        ...OWN_ERRORS,
      }),
    placeholderData: keepPreviousData,
  });

export const adminDesignQuery = (id: number) =>
  queryOptions({
    queryKey: designKeys.adminOne(id),
    queryFn: ({ signal }) =>
      api
        .get<{ design: AdminDesignDetail }>(`/api/admin/designs/${id}/show`, { signal, ...OWN_ERRORS })
        .then((r) => r.design),
    retry: false,
  });

export function changeDesignStatus(id: number, status: DesignStatus) {
  return api.put<{ status: DesignStatus; message: string }>(
    `/api/admin/designs/${id}/status`,
    { status },
    OWN_ERRORS,
  );
}

export function addDesignComment(id: number, comment: string) {
  return api.post<{ message: string; design: AdminDesignDetail }>(
    `/api/admin/designs/${id}/comments`,
    { comment },
    OWN_ERRORS,
  );
}

/** A review: only what the admin changed is sent, so what they left alone is never written back. */
export interface DesignReview {
  status?: DesignStatus;
  /** A new comment (added beside the earlier ones). */
  comments?: string;
  recommendationNotes?: string;
  newFiles: File[];
  /** Names of the existing recommendation files to remove. */
  removedFiles: string[];
  /** The design's `updated_at` the form was filled from: a design changed since answers 409 and keeps as it is. */
  updatedAt?: string;
}

export function saveDesignReview(id: number, review: DesignReview): Promise<AdminDesignDetail> {
  const form = new FormData();
  if (review.updatedAt !== undefined) form.append('updated_at', review.updatedAt);
  if (review.status !== undefined) form.append('status', review.status);
  if (review.comments !== undefined) form.append('comments', review.comments);
  if (review.recommendationNotes !== undefined)
    form.append('recommendation_notes', review.recommendationNotes);
  for (const file of review.newFiles) form.append('recommendation_files[]', file, file.name);
  for (const name of review.removedFiles) form.append('removed_recommendation_files[]', name);
  return api
    .post<{ design: AdminDesignDetail }>(`/api/admin/designs/${id}/update`, form, OWN_ERRORS)
    .then((r) => r.design);
}

/* ------------------------------------------------------------------ hooks */

export function useMyDesigns(page: number) {
  return useQuery(myDesignsQuery(page));
}

export function useMyDesign(slug: string) {
  return useQuery(myDesignQuery(slug));
}

export function useAdminDesigns(query: AdminDesignQuery) {
  return useQuery(adminDesignsQuery(query));
}

export function useAdminDesign(id: number | null) {
  return useQuery({ ...adminDesignQuery(id ?? 0), enabled: id !== null });
}

/** Every design list and detail is refetched after a change, in both areas. */
export function useInvalidateDesigns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: designKeys.all });
}

export function useSubmitDesign() {
  const invalidate = useInvalidateDesigns();
  return useMutation({ mutationFn: submitDesign, onSuccess: () => void invalidate() });
}
