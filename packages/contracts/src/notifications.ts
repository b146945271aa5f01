import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants';

export const notificationDataSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  design_id: z.number().int().nullable(),
  slug: z.string().nullable(),
  sender_id: z.number().int().nullable(),
  /** Of proposal_* notifications: customer -> /user/proposals/{id}, admin -> /admin/proposals/{id}. */
  proposal_id: z.number().int().nullable().optional(),
  /** Of booking_* notifications (their proposal_id, when any, routes them the same way). */
  booking_id: z.number().int().nullable().optional(),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: notificationDataSchema,
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  total: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const notificationReadResponse = z.object({ message: z.string(), unread_count: z.number().int() });
export type NotificationReadResponse = z.infer<typeof notificationReadResponse>;
