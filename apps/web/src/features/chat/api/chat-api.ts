import type {
  ChatAttachment,
  ConversationsResponse,
  MessagesResponse,
  SearchUsersResponse,
  SendMessageResponse,
} from '@shop/contracts';
import { api, apiRequest } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { adminSession, customerSession } from '../../../lib/sessions';
import type { SessionKind } from '../../../lib/storage-keys';

/** Which side of the shop a chat screen is on; it decides the session token of every call. */
export type ChatArea = SessionKind;

// Chat fetch failures are only logged (specs, section 8); a 401 still ends the session through the client.
const quiet = { callerHandles: (e: ApiError) => e.status !== 401 };

export const chatKeys = {
  all: (area: ChatArea) => ['chat', area] as const,
  conversations: (area: ChatArea) => ['chat', area, 'conversations'] as const,
  unread: (area: ChatArea) => ['chat', area, 'unread'] as const,
  search: (query: string) => ['chat', 'admin', 'search', query] as const,
};

export function fetchConversations(area: ChatArea, signal?: AbortSignal) {
  return api.get<ConversationsResponse>('/api/conversations', { token: area, signal, ...quiet });
}

export function fetchUnreadChatCount(area: ChatArea, signal?: AbortSignal) {
  return api.get<{ unread: number }>('/api/conversations/unread-count', { token: area, signal, ...quiet });
}

export function fetchMessages(area: ChatArea, userId: number, before?: number) {
  return api.get<MessagesResponse>(`/api/messages/${userId}`, { token: area, query: { before }, ...quiet });
}

export function markConversationSeen(area: ChatArea, userId: number) {
  return api.post<{ unread: number }>(`/api/conversations/${userId}/seen`, undefined, {
    token: area,
    ...quiet,
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
    callerHandles: (e) => e.status !== 401,
  });
}

export function searchChatUsers(query: string, signal?: AbortSignal) {
  return api.get<SearchUsersResponse>('/api/search-users', {
    token: 'admin',
    query: { query },
    signal,
    ...quiet,
  });
}

/** Attachments are private: fetched with the session's token, then saved through a temporary link. */
export async function downloadAttachment(area: ChatArea, attachment: ChatAttachment): Promise<void> {
  const token = (area === 'admin' ? adminSession : customerSession).getState().token;
  const response = await fetch(attachment.url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
