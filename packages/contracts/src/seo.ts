import { z } from 'zod';

/** GET /api/meta/{path}: the title and sharing tags of a page; path has no leading slash, '' is home. */
export const pageMetaResponse = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  url: z.string(),
  image: z.string().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaResponse>;

/** The public pages of the storefront (route table of the storefront spec, section 2), for meta rows and the sitemap. */
export const PUBLIC_PAGES = [
  '',
  'how-it-works',
  'products',
  'services',
  'about-us',
  'contact',
  'privacy-policy',
  'terms',
] as const;
