import {
  CUSTOMER_MESSAGES,
  DEFAULT_META_TITLE,
  PAGE_TITLES,
  PUBLIC_PAGES,
  pageTitle,
  type PageMeta,
} from '@shop/contracts';
import type { AppContext } from '../../context';
import { imageUrl } from '../../platform/files/images';
import { cutText, hasUnstorableText, wellFormed } from '../../platform/text-input';
import { findActiveProduct, listActiveProductSlugs } from '../catalog/service';
import { selectPageMeta } from './queries';

const DESCRIPTION_MAX = 160;

/** decodeURIComponent that answers the text as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** 'home', '/', '' -> ''; '/product/x/' -> 'product/x'. */
export function normalizeMetaPath(path: string): string {
  const clean = path.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '');
  return clean === 'home' ? '' : clean;
}

/** Shortens text to a search-result sized description on a word boundary. */
export function trimDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = cutText(flat, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:-]+$/, '')}…`;
}

function absolute(ctx: AppContext, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${ctx.config.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The app's pages that anybody may open and that have no page_meta row: the sign-in screens and the pages of the
 * mailed links. Their title is the one the app gives them (its routes' `titled`), so the HTML a link preview or a
 * tab shows before the app runs names the page and the shop, not the default title.
 */
const TITLED_PAGES: Partial<Record<string, keyof typeof PAGE_TITLES>> = {
  login: 'login',
  register: 'register',
  'forgot-password': 'forgotPassword',
  'reset-password': 'resetPassword',
  'verify-email': 'verifyEmail',
  'claim-design': 'claimDesign',
  'site-visit': 'siteVisit',
  'admin/login': 'adminLogin',
};

/**
 * The title, description and sharing data of a page: product pages from the product, other pages from their
 * page_meta row or the app's own title (TITLED_PAGES), and the default title for anything else (an unknown
 * product says so). URLs are absolute.
 */
export async function getPageMeta(ctx: AppContext, rawPath: string): Promise<PageMeta & { found: boolean }> {
  // The path arrives decoded (by the router, or by the page's head renderer): decoding it again would turn
  // '%2500' into a NUL. A path holding text no column can (NUL, half a surrogate pair) names nothing stored.
  const path = normalizeMetaPath(rawPath);
  const storable = !hasUnstorableText(path);
  const url = `${ctx.config.publicUrl}/${storable ? path : encodeURI(wellFormed(path))}`;
  const productSlug = /^product\/([^/]+)$/.exec(path)?.[1];
  if (productSlug) {
    const product = storable ? await findActiveProduct(ctx, productSlug) : null;
    if (product) {
      return {
        title: pageTitle(product.name, ctx.config.appName),
        description: trimDescription(product.description),
        keywords: '',
        url,
        image: absolute(ctx, imageUrl(product.photo_key, 1200)),
        found: true,
      };
    }
    // An unknown or inactive product: the page shows its not-found view, under a title that says so.
    return {
      title: pageTitle(CUSTOMER_MESSAGES.productNotFoundTitle, ctx.config.appName),
      description: '',
      keywords: '',
      url,
      image: null,
      found: false,
    };
  } else if (storable) {
    const row = await selectPageMeta(ctx.database.db, path);
    if (row) {
      return {
        title: row.title,
        description: row.description,
        keywords: row.keywords,
        url,
        image: absolute(ctx, row.image),
        found: true,
      };
    }
    const titled = TITLED_PAGES[path];
    if (titled) {
      const title = pageTitle(PAGE_TITLES[titled], ctx.config.appName);
      return { title, description: '', keywords: '', url, image: null, found: true };
    }
  }
  return { title: DEFAULT_META_TITLE, description: '', keywords: '', url, image: null, found: false };
}

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => xmlEscapes[c]!);

// One sitemap file holds at most 50,000 URLs (sitemaps.org); the newest products come first.
const SITEMAP_MAX_URLS = 50_000;

export async function renderSitemap(ctx: AppContext): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const products = await listActiveProductSlugs(ctx, SITEMAP_MAX_URLS - PUBLIC_PAGES.length);
  const entries = [
    ...PUBLIC_PAGES.map((p) => ({ loc: `${ctx.config.publicUrl}/${p}`, lastmod: today })),
    ...products.map((p) => ({
      loc: `${ctx.config.publicUrl}/product/${encodeURIComponent(p.slug)}`,
      lastmod: new Date(p.updated_at).toISOString().slice(0, 10),
    })),
  ];
  const urls = entries.map((e) => `  <url><loc>${xml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /user',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
