import { z } from 'zod';
import { adminPagination, optionalText, requiredText } from './common';
import { adminListQuery, adminSearchText } from './admin-users';

export const PRODUCT_PRICE_MAX = '9999999999.99';
export const PRODUCT_STOCK_MAX = 2_147_483_647;

export const PRODUCT_FIELD_MESSAGES = {
  skuTaken: 'The sku has already been taken.',
  skuFormat: 'The sku may only contain letters, numbers, dashes, dots, slashes and underscores.',
  priceRequired: 'The price field is required.',
  priceFormat: 'The price must be a number with at most 2 decimals.',
  priceMin: 'The price must be at least 0.',
  priceMax: `The price may not be greater than ${PRODUCT_PRICE_MAX}.`,
  stockRequired: 'The stock quantity field is required.',
  stockInteger: 'The stock quantity must be a whole number.',
  stockMin: 'The stock quantity must be at least 0.',
  stockMax: `The stock quantity may not be greater than ${PRODUCT_STOCK_MAX}.`,
  categoryInvalid: 'The selected category id is invalid.',
  galleryUnknown: 'The image to remove does not belong to this product.',
  galleryTooMany: (max: number) => `The gallery may not have more than ${max} images.`,
  imageType: 'The file must be an image of type: png, jpg, webp.',
  imageUnreadable: 'The image could not be read.',
  updatedAtFormat: 'The updated at must be a valid date.',
} as const;

/** A JSON number or a form string; '' (an empty form field) counts as missing. */
const formValue = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string().optional(),
);

/** Money as typed: at most 2 decimals, never negative; kept as a decimal string (exact, never a float). */
export const priceField = formValue.transform((v, ctx) => {
  if (v === undefined || v === '') {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.priceRequired });
    return z.NEVER;
  }
  if (/^-\d*\.?\d+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.priceMin });
    return z.NEVER;
  }
  if (!/^\d+(\.\d{1,2})?$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.priceFormat });
    return z.NEVER;
  }
  const [whole = '0', frac = ''] = v.split('.');
  const normalized = `${whole.replace(/^0+(?=\d)/, '')}.${frac.padEnd(2, '0')}`;
  if (normalized.length > PRODUCT_PRICE_MAX.length) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.priceMax });
    return z.NEVER;
  }
  return normalized;
});

export const stockField = formValue.transform((v, ctx) => {
  if (v === undefined || v === '') {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.stockRequired });
    return z.NEVER;
  }
  if (/^-\d+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.stockMin });
    return z.NEVER;
  }
  if (!/^\d+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.stockInteger });
    return z.NEVER;
  }
  const n = Number(v);
  if (n > PRODUCT_STOCK_MAX) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_MESSAGES.stockMax });
    return z.NEVER;
  }
  return n;
});

const categoryField = z.preprocess(
  (v) => (v === '' || v === 'null' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: PRODUCT_FIELD_MESSAGES.categoryInvalid })
    .int(PRODUCT_FIELD_MESSAGES.categoryInvalid)
    .positive(PRODUCT_FIELD_MESSAGES.categoryInvalid)
    .max(2_147_483_647, PRODUCT_FIELD_MESSAGES.categoryInvalid)
    .nullable(),
);

/** Ids of existing gallery images to remove (multipart `removed_gallery[]`). */
const removedGalleryField = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(
      z.coerce
        .number({ error: PRODUCT_FIELD_MESSAGES.galleryUnknown })
        .int()
        .positive(PRODUCT_FIELD_MESSAGES.galleryUnknown)
        .max(2_147_483_647),
    )
    .max(100),
);

/** The fields of the product form (create and edit); the files travel beside them in the multipart body. */
export const productInput = z.object({
  name: requiredText('name', 200),
  sku: requiredText('sku', 64).refine(
    (v) => !v || /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(v),
    PRODUCT_FIELD_MESSAGES.skuFormat,
  ),
  description: optionalText('description', 10_000).transform((v) => v ?? ''),
  category_id: categoryField,
  price: priceField,
  stock_quantity: stockField,
});
export type ProductInput = z.input<typeof productInput>;

/**
 * The product's `updated_at` as the edit form loaded it (ISO 8601): the edit is refused (409, `changedElsewhere`)
 * when the product has been written since. Optional: without it (an API client) the edit overwrites whatever is there.
 */
const updatedAtField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.iso.datetime({ offset: true, error: PRODUCT_FIELD_MESSAGES.updatedAtFormat }).optional(),
);

export const productUpdateInput = productInput.extend({
  removed_gallery: removedGalleryField,
  updated_at: updatedAtField,
});

export const adminProductsQuery = adminListQuery.extend({
  sku: adminSearchText,
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuery>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  description: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** Decimal string with 2 decimals, e.g. "1249.00". */
  price: z.string(),
  stock_quantity: z.number().int(),
  status: z.boolean(),
  photo_url: z.string().nullable(),
  gallery_urls: z.array(z.string()),
  gallery: z.array(z.object({ id: z.number().int(), url: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductsResponse = z.object({
  data: z.array(adminProductSchema),
  total: z.number().int(),
  pagination: adminPagination,
  /** True when a search matched more than SEARCH_RESULT_CAP products: `total` is then the cap, not the count. */
  total_is_capped: z.boolean().optional(),
  /** The customer whose liked products are listed (?userId=), so the page can name them. */
  filter_user: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponse>;

export const adminProductResponse = z.object({ product: adminProductSchema });
export const productMutationResponse = z.object({ product: adminProductSchema, message: z.string() });
export type ProductMutationResponse = z.infer<typeof productMutationResponse>;

export const productUpdateQuery = z.object({ _method: z.enum(['PUT', 'put']).optional() });

/**
 * The status the admin asked for. Without it (no body, or a body without `status`) the call flips the status, as the
 * spec's; with it the status is set, so two admins who both deactivate a product leave it inactive instead of
 * flipping it back.
 */
export const productStatusRequest = z.object({ status: z.boolean().optional() });
export type ProductStatusRequest = z.infer<typeof productStatusRequest>;
export const productStatusResponse = z.object({ status: z.boolean(), message: z.string() });
export type ProductStatusResponse = z.infer<typeof productStatusResponse>;

export const PRODUCT_SERVER_MESSAGES = {
  created: 'Product created successfully.',
  updated: 'Product updated successfully.',
  deleted: 'Product has been deleted.',
  statusUpdated: 'Product status updated successfully.',
  changedElsewhere:
    'This product was changed by someone else since you opened it. Reload it to see the changes.',
} as const;

/** The product form's own words beyond the spec's catalogue. */
export const PRODUCT_FORM_TEXTS = {
  /** The 409 dialog's buttons: load the product as it is now (the form's changes are dropped), or stay. */
  reload: 'Reload Product',
  keepEditing: 'Keep Editing',
  /** Announced (politely) when an image leaves the gallery of the form. */
  galleryImageRemoved: (label: string, left: number) =>
    `Removed ${label}. ${left} ${left === 1 ? 'image' : 'images'} left in the gallery.`,
} as const;
