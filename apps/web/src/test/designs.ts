import type { AdminDesignDetail } from '@shop/contracts';

/**
 * A design as the back office reads it in a test: Ann Lee's (user 3) pending kitchen, titled after its id
 * (7 is 'D-7 · Kitchen'), with no files, recommendation, comments or history, unless `fields` say otherwise.
 */
export const testAdminDesign = (id: number, fields: Partial<AdminDesignDetail> = {}): AdminDesignDetail => ({
  id,
  slug: `D-${id}`,
  admin_title: `D-${id} · Kitchen`,
  title: 'Kitchen',
  user: { id: 3, name: 'Ann Lee' },
  status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  selected_tab: 'haveDesign',
  name: 'Ann Lee',
  email: 'ann@example.com',
  company_name: 'Acme',
  zip_code: '10001',
  phone: '555 0100',
  description: 'Open kitchen.',
  design_file_url: null,
  design_file_name: null,
  design_file_mime: null,
  design_preferences: '{}',
  comments: null,
  recommendation_notes: null,
  recommendation_files_urls: [],
  recommendation_files: [],
  comment_list: [],
  history: [],
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});
