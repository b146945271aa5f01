import type { AppNotification } from '@shop/contracts';
import type { NotificationArea } from './notifications-api';

/** Where clicking a notification goes, by type (specs: customer section 4, admin section 2); null stays put. */
export function notificationTarget(area: NotificationArea, n: AppNotification): string | null {
  const { type, slug, design_id, sender_id, proposal_id } = n.data;
  if (proposal_id && (type.startsWith('proposal_') || type.startsWith('booking_')))
    return area === 'customer' ? `/user/proposals/${proposal_id}` : `/admin/proposals/${proposal_id}`;
  if (type.startsWith('booking_')) return area === 'customer' ? '/user/proposals' : '/admin/bookings';
  if (type === 'quote_request') return area === 'admin' ? '/admin/quote-requests' : '/user/proposals';
  if (area === 'customer') {
    if (type === 'design_submission') return '/user/design-status';
    if (type === 'design_update')
      return slug ? `/user/design-status/${encodeURIComponent(slug)}` : '/user/design-status';
    if (type === 'chat_message') return '/user/chat';
    return null;
  }
  if (type === 'design_submission') return design_id ? `/admin/design/view/${design_id}` : '/admin/designs';
  if (type === 'chat_message') return sender_id ? `/admin/chat?userId=${sender_id}` : '/admin/chat';
  return null;
}
