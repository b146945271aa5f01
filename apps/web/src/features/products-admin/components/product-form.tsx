import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  ADMIN_MESSAGES,
  FILE_PICKER_ACCEPT,
  PRODUCT_FIELD_MESSAGES,
  PRODUCT_FORM_TEXTS,
  PRODUCT_SERVER_MESSAGES,
  UPLOAD_LIMITS,
  productUpdateInput,
  type AdminProduct,
  type ProductMutationResponse,
} from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/forms/select-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { FILE_RULES } from '../../../components/ui/forms/file-check';
import { FileField } from '../../../components/ui/forms/file-field';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { FilePreview } from '../../../components/ui/forms/file-preview';
import { useUnsavedChanges } from '../../../components/ui/forms/use-unsaved-changes';
import { CloseIcon } from '../../../components/ui/icons';
import { Image } from '../../../components/ui/image';
import { firstFieldInError, useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { categoriesQuery, productQuery, productsKey } from '../api/products-admin-api';

export interface ProductValues {
  name: string;
  sku: string;
  description: string;
  category_id: string;
  price: string;
  stock_quantity: string;
  photo: File | null;
  gallery: File[];
  removed_gallery: number[];
}

interface ProductFormProps {
  product?: AdminProduct;
  submitLabel: string;
  /** Sends the multipart body (create, or update of `product`). */
  save: (form: FormData) => Promise<ProductMutationResponse>;
}

const MAX_MB = UPLOAD_LIMITS.productImageBytes / (1024 * 1024);

/** The text fields as the route reads them; the files are checked beside them (FILE_RULES.productImage). */
const toInput = ({ photo: _photo, gallery: _gallery, ...fields }: ProductValues) => fields;
const resolver = contractResolver<ProductValues>(productUpdateInput, toInput, {
  photo: FILE_RULES.productImage,
  gallery: FILE_RULES.productImage,
});

const defaultsOf = (product?: AdminProduct): ProductValues => ({
  name: product?.name ?? '',
  sku: product?.sku ?? '',
  description: product?.description ?? '',
  category_id: product?.category_id ? String(product.category_id) : '',
  price: product?.price ?? '',
  stock_quantity: product ? String(product.stock_quantity) : '',
  photo: null,
  gallery: [],
  removed_gallery: [],
});

/** The form's body; `loadedFrom` is the `updated_at` of the product the edit started from (409 if written since). */
function toFormData(values: ProductValues, loadedFrom?: string): FormData {
  const form = new FormData();
  if (loadedFrom) form.append('updated_at', loadedFrom);
  form.append('name', values.name);
  form.append('sku', values.sku);
  form.append('description', values.description);
  form.append('category_id', values.category_id);
  form.append('price', values.price);
  form.append('stock_quantity', values.stock_quantity);
  if (values.photo) form.append('photo', values.photo);
  for (const file of values.gallery) form.append('gallery[]', file);
  for (const id of values.removed_gallery) form.append('removed_gallery[]', String(id));
  return form;
}

function RemoveButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      data-gallery-remove
      onClick={onRemove}
      className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-white text-red-700 shadow ring-1 ring-slate-300 hover:bg-red-50"
      aria-label={`Remove ${label}`}
    >
      <CloseIcon className="size-4" />
    </button>
  );
}

const thumbClasses = 'size-24 rounded-lg border border-slate-200 bg-slate-100 object-cover';

/**
 * The product form of the back-office (create and edit) on react-hook-form, checked with the route's schema
 * (`productUpdateInput`) and the product image rule. A refused photo or gallery image stays shown with its reason
 * and keeps the form from being saved until it is removed or replaced. 422 shows 'Please fix the errors.'
 * (titled 'Validation Error') with the errors under their fields; any other failure 'Something went wrong.';
 * success 'Success!' and back to the list. Leaving with unsaved changes asks first.
 *
 * An edit sends the `updated_at` of the product it was loaded from: when someone else has written the product
 * since (409), the form says so and offers to load it again (its fields then start from the product as it is now).
 * The form keeps showing the product it was loaded from (its photo and gallery) while the page's copy refreshes.
 */
export function ProductForm({ product: opened, submitLabel, save }: ProductFormProps) {
  const dialogs = useMessageDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: categories = [] } = useQuery(categoriesQuery);
  const [product, setProduct] = useState(opened);
  /** The last gallery removal, said to screen readers (a polite live region). */
  const [announcement, setAnnouncement] = useState('');
  const { register, control, handleSubmit, setError, reset, trigger, formState } = useForm<ProductValues>({
    resolver,
    defaultValues: defaultsOf(product),
  });
  const { errors, isDirty } = formState;
  const photo = useController({ control, name: 'photo' });
  const gallery = useController({ control, name: 'gallery' });
  const removed = useWatch({ control, name: 'removed_gallery' });
  const removedField = useController({ control, name: 'removed_gallery' });
  // Controlled, not registered: a registered select gets its value once, when it mounts, and the categories may
  // arrive after that (a tab that has not loaded them yet). It would then show 'No category' while the form still
  // held the product's category; controlled, the select shows the form's value again whenever its options change.
  const category = useController({ control, name: 'category_id' });

  const { release: allowLeave } = useUnsavedChanges(isDirty);

  const validationAlert = () =>
    void dialogs.alert({
      title: ADMIN_MESSAGES.validationTitle,
      message: ADMIN_MESSAGES.fixErrors,
      tone: 'error',
      returnFocusTo: firstFieldInError,
    });

  // Where focus goes once the form shows a product reloaded: its first field.
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (!focusFirstField.current) return;
    focusFirstField.current = false;
    formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
  });

  /** After a 409: loads the product as it is now and starts the form again from it, at its first field. */
  const offerReload = async (id: number) => {
    const reload = await dialogs.confirm({
      title: ADMIN_MESSAGES.errorTitle,
      message: PRODUCT_SERVER_MESSAGES.changedElsewhere,
      tone: 'warning',
      confirmLabel: PRODUCT_FORM_TEXTS.reload,
      cancelLabel: PRODUCT_FORM_TEXTS.keepEditing,
    });
    if (!reload) return;
    let fresh: AdminProduct;
    try {
      fresh = await queryClient.fetchQuery(productQuery(id));
    } catch {
      // The edit page tells the admin the product cannot be loaded and goes back to the list.
      return;
    }
    setProduct(fresh);
    reset(defaultsOf(fresh));
    setAnnouncement('');
    focusFirstField.current = true;
  };

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async ({ message }) => {
      allowLeave();
      reset(defaultsOf(product));
      await queryClient.invalidateQueries({ queryKey: productsKey });
      await navigate('/admin/products');
      void dialogs.alert({ title: ADMIN_MESSAGES.successTitle, message, tone: 'success' });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && product) return void offerReload(product.id);
      if (isApiError(error)) showFieldErrors(error, setError, 'photo');
      if (isApiError(error) && error.status === 422) validationAlert();
      else
        void dialogs.alert({
          title: ADMIN_MESSAGES.errorTitle,
          message: ADMIN_MESSAGES.somethingWrong,
          tone: 'error',
        });
    },
  });
  const onSubmit = handleSubmit(
    (values) => {
      if (!mutation.isPending) mutation.mutate(toFormData(values, product?.updated_at));
    },
    () => validationAlert(),
  );

  const photoFile = photo.field.value;
  const newGallery = gallery.field.value;
  const existingGallery = (product?.gallery ?? []).filter((g) => !removed.includes(g.id));
  const room = Math.max(0, UPLOAD_LIMITS.maxGalleryFiles - existingGallery.length - newGallery.length);
  const galleryErrors = Array.isArray(errors.gallery) ? errors.gallery : [];
  const galleryMessage =
    [errors.gallery?.message, ...galleryErrors.map((e) => e?.message)].filter(Boolean).join(' ') ||
    errors.removed_gallery?.message;

  // Removing a gallery image takes its button away: focus goes to the button now in its place (the next image's),
  // else the one before, else the gallery's file picker, and the removal is announced.
  const galleryInputId = useId();
  const galleryList = useRef<HTMLUListElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);
  const removeFromGallery = (position: number, label: string, apply: () => void) => {
    const left = existingGallery.length + newGallery.length - 1;
    focusAfterRemoval.current = position;
    setAnnouncement(PRODUCT_FORM_TEXTS.galleryImageRemoved(label, left));
    apply();
  };
  useEffect(() => {
    const position = focusAfterRemoval.current;
    if (position === null) return;
    focusAfterRemoval.current = null;
    const buttons = galleryList.current?.querySelectorAll<HTMLElement>('[data-gallery-remove]') ?? [];
    const next = buttons[Math.min(position, buttons.length - 1)];
    (next ?? document.getElementById(galleryInputId))?.focus();
  });

  const pickGallery = (files: File[]) => {
    gallery.field.onChange([...newGallery, ...files.slice(0, room)]);
    if (files.length <= room) void trigger('gallery');
    else
      setError('gallery', {
        type: 'count',
        message: PRODUCT_FIELD_MESSAGES.galleryTooMany(UPLOAD_LIMITS.maxGalleryFiles),
      });
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={submitLabel === 'Create Product' ? 'New product' : 'Product'}
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <TextField label="Name" required maxLength={200} error={errors.name?.message} {...register('name')} />
        <TextField
          label="SKU"
          required
          maxLength={64}
          autoComplete="off"
          error={errors.sku?.message}
          {...register('sku')}
        />
        <TextField
          label="Price"
          required
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="In dollars, at most 2 decimals."
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label="Stock quantity"
          required
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.stock_quantity?.message}
          {...register('stock_quantity')}
        />
        <SelectField
          label="Category"
          containerClassName="md:col-span-2"
          error={errors.category_id?.message}
          {...category.field}
        >
          <option value="">No category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Description"
          containerClassName="md:col-span-2"
          rows={5}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {photoFile && !errors.photo ? (
          <FilePreview
            file={photoFile}
            alt="New photo"
            className="size-28 rounded-xl border border-slate-200 bg-slate-100 object-cover"
          />
        ) : (
          <Image
            src={product?.photo_url}
            alt="Current photo"
            className="size-28 rounded-xl border border-slate-200 bg-slate-100 object-cover"
          />
        )}
        <FileField
          label={product?.photo_url ? 'Replace the photo' : 'Choose a photo'}
          hint={`PNG, JPG or WEBP, up to ${MAX_MB} MB.`}
          accept={FILE_PICKER_ACCEPT.productImage}
          file={photoFile}
          error={errors.photo?.message}
          onPick={(files) => {
            photo.field.onChange(files[0] ?? null);
            void trigger('photo');
          }}
          onRemove={() => {
            photo.field.onChange(null);
            void trigger('photo');
          }}
        />
      </div>

      <div>
        {(existingGallery.length > 0 || newGallery.length > 0) && (
          <ul ref={galleryList} className="mb-3 flex flex-wrap gap-4" aria-label="Gallery images">
            {existingGallery.map((g, i) => {
              // Numbered as loaded, so an image keeps its name when one before it is removed.
              const label = `gallery image ${product!.gallery.indexOf(g) + 1}`;
              return (
                <li key={g.id} className="relative">
                  <Image src={g.url} alt={label} className={thumbClasses} />
                  <RemoveButton
                    label={label}
                    onRemove={() =>
                      removeFromGallery(i, label, () => removedField.field.onChange([...removed, g.id]))
                    }
                  />
                </li>
              );
            })}
            {newGallery.map((file, i) => {
              const refused = galleryErrors[i]?.message;
              return (
                <li key={`${file.name}-${i}`} className="relative">
                  {refused ? (
                    <span
                      className={cx(
                        thumbClasses,
                        'flex items-center justify-center border-red-600 p-1 text-center text-[11px] break-all text-red-700',
                      )}
                    >
                      {file.name}
                    </span>
                  ) : (
                    <FilePreview file={file} alt={file.name} className={thumbClasses} />
                  )}
                  <span className="absolute bottom-1 left-1 rounded bg-navy-900/80 px-1.5 text-[11px] font-semibold text-white">
                    {refused ? 'Refused' : 'New'}
                  </span>
                  <RemoveButton
                    label={file.name}
                    onRemove={() =>
                      removeFromGallery(existingGallery.length + i, file.name, () => {
                        gallery.field.onChange(newGallery.filter((_, j) => j !== i));
                        void trigger('gallery');
                      })
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
        <FileField
          id={galleryInputId}
          label="Add gallery images"
          hint={`PNG, JPG or WEBP, up to ${MAX_MB} MB each; at most ${UPLOAD_LIMITS.maxGalleryFiles} images.`}
          accept={FILE_PICKER_ACCEPT.productImage}
          multiple
          error={galleryMessage || undefined}
          onPick={pickGallery}
        />
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <Link to="/admin/products" className={buttonClasses('outline')}>
          Cancel
        </Link>
        <Button type="submit" loading={mutation.isPending} loadingText="Saving...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
