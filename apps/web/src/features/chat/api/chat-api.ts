import { queryOptions } from '@tanstack/react-query';
import type {
  ChatAttachment,
  ConversationsResponse,
  MessagesResponse,
  SearchUsersResponse,
  SendMessageResponse,
} from '@shop/contracts';
import { api, apiRequest, OWN_ERRORS } from '../../../lib/api-client';
import { adminSession, customerSession } from '../../../lib/sessions';
import type { SessionKind } from '../../../lib/storage-keys';

/** Which side of the shop a chat screen is on; it decides the session token of every call. */
export type ChatArea = SessionKind;

// Chat fetch failures are only logged (specs, section 8): OWN_ERRORS, so a 401 still ends the session.
export const chatKeys = {
  all: (area: ChatArea) => ['chat', area] as const,
  conversations: (area: ChatArea) => ['chat', area, 'conversations'] as const,
  /** The list as searched (`''`: every conversation), paged by cursor. */
  conversationList: (area: ChatArea, search: string) => ['chat', area, 'conversations', search] as const,
  unread: (area: ChatArea) => ['chat', area, 'unread'] as const,
  /** Every conversation's messages of the area. */
  messageLists: (area: ChatArea) => ['chat', area, 'messages'] as const,
  messages: (area: ChatArea, userId: number | null) => ['chat', area, 'messages', userId] as const,
  search: (query: string) => ['chat', 'admin', 'search', query] as const,
  attachment: (area: ChatArea, id: number) => ['chat', area, 'attachment', id] as const,
};

/**
 * Every notification query of an area (the notifications feature's `notificationKeys.all`: the bell's count and
 * lists). Reading a conversation marks the reader's chat notifications read on the server (in the back-office the
 * team's of that customer), so chat has these read again. Named here because a feature never imports another
 * (house rule).
 */
export const areaNotificationsKey = (area: ChatArea) => ['notifications', area] as const;

/** A page of conversations: the team's inbox pages by `cursor` and narrows by `search`. */
export function fetchConversations(
  area: ChatArea,
  page: { cursor?: string; search?: string },
  signal?: AbortSignal,
) {
  return api.get<ConversationsResponse>('/api/conversations', {
    token: area,
    query: { cursor: page.cursor, search: page.search || undefined },
    signal,
    ...OWN_ERRORS,
  });
}

export function fetchUnreadChatCount(area: ChatArea, signal?: AbortSignal) {
  return api.get<{ unread: number }>('/api/conversations/unread-count', {
    token: area,
    signal,
    ...OWN_ERRORS,
  });
}

export function fetchMessages(area: ChatArea, userId: number, before?: number, signal?: AbortSignal) {
  return api.get<MessagesResponse>(`/api/messages/${userId}`, {
    token: area,
    query: { before },
    signal,
    ...OWN_ERRORS,
  });
}

export function markConversationSeen(area: ChatArea, userId: number) {
  return api.post<{ unread: number }>(`/api/conversations/${userId}/seen`, undefined, {
    token: area,
    ...OWN_ERRORS,
  });
}

/** Sends a message; a failure is passed on to the caller (who shows the spec's message). */
export function sendChatMessage(area: ChatArea, receiverId: number, message: string, files: File[]) {
  const form = new FormData();
  form.append('message', message);
  files.forEach((file, index) => form.append(`attachments[${index}]`, file, file.name));
  return apiRequest<SendMessageResponse>(`/api/messages/${receiverId}`, {
    method: 'POST',
    body: form,
    token: area,
    ...OWN_ERRORS,
  });
}

/** A customer found by the team's search: who a conversation is with, before any of its messages is read. */
export type ChatCustomer = SearchUsersResponse['users'][number];

export function searchChatUsers(query: string, signal?: AbortSignal) {
  return api.get<SearchUsersResponse>('/api/search-users', {
    token: 'admin',
    query: { query },
    signal,
    ...OWN_ERRORS,
  });
}

/** Attachments are private: their bytes are fetched with the session's token. */
async function fetchAttachment(
  area: ChatArea,
  attachment: ChatAttachment,
  signal?: AbortSignal,
): Promise<Blob> {
  const token = (area === 'admin' ? adminSession : customerSession).getState().token;
  const response = await fetch(attachment.url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`attachment ${attachment.id}: ${response.status}`);
  return response.blob();
}

/** An attachment's bytes (an image's thumbnail): a file never changes, so it is read once while shown. */
export const attachmentQuery = (area: ChatArea, attachment: ChatAttachment) =>
  queryOptions({
    queryKey: chatKeys.attachment(area, attachment.id),
    queryFn: ({ signal }) => fetchAttachment(area, attachment, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

/** Saves an attachment under its name through a temporary link. */
export async function downloadAttachment(area: ChatArea, attachment: ChatAttachment): Promise<void> {
  const url = URL.createObjectURL(await fetchAttachment(area, attachment));
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
