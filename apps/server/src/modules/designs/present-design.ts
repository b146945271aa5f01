import {
  CUSTOMER_HISTORY_KINDS,
  type AdminDesign,
  type AdminDesignDetail,
  type CustomerDesign,
  type CustomerDesignDetail,
  type DesignComment,
  type DesignFileLink,
  type DesignHistoryEntry,
  type DesignPreferences,
  type DesignStatus,
} from '@shop/contracts';
import { cutText } from '../../platform/text-input';
import type { DesignWithFiles, HistoryRow, RecommendationFileRow } from './queries';

const SHORT_TITLE_LENGTH = 40;

/** Private files are downloaded through authorized routes with the bearer token, never from a public path. */
export const designFileUrl = (designId: number) => `/api/files/designs/${designId}/design-file`;
export const recommendationFileUrl = (designId: number, fileId: number) =>
  `/api/files/designs/${designId}/recommendations/${fileId}`;

function shortTitle(title: string): string {
  return title.length > SHORT_TITLE_LENGTH ? `${cutText(title, SHORT_TITLE_LENGTH - 3).trimEnd()}...` : title;
}

function preferences(d: DesignWithFiles): DesignPreferences {
  return { totalNumber: d.totalNumber, interest: d.interest, options: d.options, features: d.features ?? [] };
}

function fileLinks(designId: number, files: RecommendationFileRow[]): DesignFileLink[] {
  return files.map((f) => ({
    id: f.id,
    name: f.originalName,
    url: recommendationFileUrl(designId, f.id),
    mime: f.mime,
  }));
}

export function toCustomerDesign(d: DesignWithFiles): CustomerDesign {
  const links = fileLinks(d.id, d.files);
  return {
    id: d.id,
    slug: d.slug,
    title: d.title,
    short_title: shortTitle(d.title),
    name: d.name,
    email: d.email,
    company_name: d.companyName,
    zip_code: d.zipCode,
    phone: d.phone,
    description: d.description,
    comments: d.comments,
    status: d.status,
    created_at: d.createdAt.toISOString(),
    design_file_url: d.designFileKey ? designFileUrl(d.id) : null,
    design_file_name: d.designFileKey ? d.designFileName : null,
    design_file_mime: d.designFileKey ? d.designFileMime : null,
    recommendation_notes: d.recommendationNotes,
    recommendation_files: links,
    recommendation_files_urls: links.map((l) => l.url),
    design_preferences: preferences(d),
  };
}

export function toAdminDesign(d: DesignWithFiles): AdminDesign {
  const links = fileLinks(d.id, d.files);
  const prefs = preferences(d);
  return {
    id: d.id,
    slug: d.slug,
    admin_title: `${d.slug} · ${d.title}`,
    title: d.title,
    user: d.userId !== null ? { id: d.userId, name: d.ownerName ?? d.name } : null,
    status: d.status,
    created_at: d.createdAt.toISOString(),
    selected_tab: d.selectedTab,
    name: d.name,
    email: d.email,
    company_name: d.companyName,
    zip_code: d.zipCode,
    phone: d.phone,
    description: d.description,
    design_file_url: d.designFileKey ? designFileUrl(d.id) : null,
    design_file_name: d.designFileKey ? d.designFileName : null,
    design_file_mime: d.designFileKey ? d.designFileMime : null,
    // The back-office reads preferences as JSON text with the features list itself JSON-encoded (admin spec section 3).
    design_preferences: JSON.stringify({ ...prefs, features: JSON.stringify(prefs.features) }),
    comments: d.comments,
    recommendation_notes: d.recommendationNotes,
    recommendation_files_urls: links.map((l) => l.url),
    recommendation_files: links,
  };
}

const asStatus = (s: string | null) => (s as DesignStatus | null) ?? null;

function historyEntries(rows: HistoryRow[]): DesignHistoryEntry[] {
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    author: r.actorId !== null ? { id: r.actorId, name: r.actorName ?? '' } : null,
    from_status: asStatus(r.fromStatus),
    to_status: asStatus(r.toStatus),
    body: r.body,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Every comment ever added, oldest first (an empty body is a cleared comment of older records, not shown). */
function commentList(rows: HistoryRow[]): DesignComment[] {
  return rows
    .filter((r) => r.kind === 'comment' && r.body)
    .map((r) => ({
      id: r.id,
      body: r.body!,
      author: r.actorId !== null ? { id: r.actorId, name: r.actorName ?? '' } : null,
      created_at: r.createdAt.toISOString(),
    }));
}

export function toAdminDesignDetail(d: DesignWithFiles, history: HistoryRow[]): AdminDesignDetail {
  return {
    ...toAdminDesign(d),
    comment_list: commentList(history),
    history: historyEntries(history),
    updated_at: d.updatedAt.toISOString(),
  };
}

/** The customer sees the part of the history meant for them: no removed files, no cleared comments. */
export function toCustomerDesignDetail(d: DesignWithFiles, history: HistoryRow[]): CustomerDesignDetail {
  const visible = history.filter(
    (r) => CUSTOMER_HISTORY_KINDS.includes(r.kind) && (r.kind !== 'comment' || r.body),
  );
  return {
    ...toCustomerDesign(d),
    comment_list: commentList(history),
    history: historyEntries(visible),
  };
}
