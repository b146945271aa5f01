import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const designSubmissions = pgTable(
  'design_submissions',
  {
    id: serial('id').primaryKey(),
    // The design number shown to customers.
    slug: text('slug').notNull(),
    // Null for a guest until an account with the same e-mail registers or logs in.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    selectedTab: text('selected_tab', { enum: ['haveDesign', 'dontHaveDesign'] }).notNull(),
    title: text('title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    description: text('description'),
    totalNumber: text('total_number'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    interest: text('interest'),
    options: text('options'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    comments: text('comments'),
    recommendationNotes: text('recommendation_notes'),
    designFileKey: text('design_file_key'),
    designFileName: text('design_file_name'),
    designFileMime: text('design_file_mime'),
    designFileSize: bigint('design_file_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('design_submissions_slug_unique').on(t.slug),
    index('design_submissions_user_idx').on(t.userId, t.createdAt.desc()),
    index('design_submissions_email_idx').on(t.email),
    index('design_submissions_status_idx').on(t.status, t.createdAt),
    index('design_submissions_created_idx').on(t.createdAt),
    check('design_submissions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

// Who did what to a design and when: submission, status changes, comments, recommendation notes and files.
export const designHistory = pgTable(
  'design_history',
  {
    id: serial('id').primaryKey(),
    designId: integer('design_id')
      .notNull()
      .references(() => designSubmissions.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', {
      enum: [
        'submitted',
        'status',
        'comment',
        'recommendation_notes',
        'recommendation_file_added',
        'recommendation_file_removed',
      ],
    }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('design_history_design_idx').on(t.designId, t.createdAt),
    index('design_history_actor_idx').on(t.actorId),
  ],
);

export const recommendationFiles = pgTable(
  'recommendation_files',
  {
    id: serial('id').primaryKey(),
    designId: integer('design_id')
      .notNull()
      .references(() => designSubmissions.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recommendation_files_design_idx').on(t.designId),
    index('recommendation_files_uploaded_by_idx').on(t.uploadedBy),
    uniqueIndex('recommendation_files_key_unique').on(t.fileKey),
  ],
);
