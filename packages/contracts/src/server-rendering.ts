import type { Category, ProductDetail, ProductListQuery, ProductPage } from './catalog';

/**
 * The storefront data the server hands the web app's server renderer, read in-process (no HTTP) and shaped
 * exactly like the answers of the API routes a guest would call, so the browser's cache starts with what it
 * would have fetched.
 */
export interface StorefrontSource {
  /** GET /api/v1/frontend/categories */
  categories(): Promise<Category[]>;
  /**
   * GET /api/v1/frontend/products as a guest; null when the API would not answer a guest's query with a page
   * (invalid filters, the wishlist filter): the browser then asks for it itself.
   */
  products(query: ProductListQuery): Promise<ProductPage | null>;
  /** GET /api/v1/frontend/products/{slug} as a guest; null for an unknown or inactive product. */
  product(slug: string): Promise<ProductDetail | null>;
}

/** A page rendered on the server: the markup of the root element and the state the browser hydrates with. */
export interface RenderedPage {
  /** Tags for <head>: preloads of the page's first images (React's resource hints). */
  head: string;
  /** HTML that goes inside <div id="root">. */
  html: string;
  /** JSON (already safe inside a <script type="application/json"> element) read by the browser before hydrating. */
  state: string;
}

/** A path no route of the app knows: the server answers with a redirect instead of a page (spec: unknown paths go to /). */
export interface PageRedirect {
  redirect: string;
}

/** The module the web app's server build exports (apps/web/src/entry-server.tsx). */
export interface PageRenderer {
  /**
   * Renders the page at `url` (absolute) for a guest; null for pages that are rendered in the browser only
   * (the customer and admin areas, sign-in screens, redirects); a PageRedirect for a path no route knows.
   * Throws when rendering fails.
   */
  renderPage(url: string, source: StorefrontSource): Promise<RenderedPage | PageRedirect | null>;
}

/** The id of the <script type="application/json"> element that carries RenderedPage.state. */
export const SERVER_STATE_ELEMENT_ID = 'app-state';

/** The <meta> name under which every page carries the shop's IANA timezone (SHOP_TIMEZONE). */
export const SHOP_TIMEZONE_META = 'shop-timezone';
