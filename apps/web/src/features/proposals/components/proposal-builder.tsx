import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DEFAULT_TAX_RATE, PROPOSAL_LIMITS, proposalInput, type Proposal } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useUnsavedChanges } from '../../../components/ui/forms/use-unsaved-changes';
import { ApiError } from '../../../lib/api-error';
import { formatMoneyIn } from '../../../lib/money-in';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../api/contract-resolver';
import { placeFieldErrors } from '../../../components/ui/forms/field-errors';
import {
  createProposal,
  proposalSettingsQuery,
  updateProposal,
  useProposalMutation,
  type ProposalOwner,
} from '../api/proposals-api';
import { centsToText, computeTotals, lineCents } from '../api/totals';
import { TotalsList } from './proposal-lines';
import { ProductPicker } from './product-picker';
import { PROPOSAL_FAILURES } from '../messages';

export interface BuilderLine {
  product_id: number | null;
  name: string;
  sku: string | null;
  quantity: number;
  unit_price: string;
  discount: string;
}

export interface BuilderValues {
  valid_until: string;
  tax_rate: string;
  notes: string;
  lines: BuilderLine[];
}

const FREE_LINES = ['Delivery', 'Installation', 'Design fee'] as const;

/** Empty optional texts are left out, so the contract's schema reads them as "not given". */
function clean(values: BuilderValues) {
  return {
    valid_until: values.valid_until,
    notes: values.notes.trim() || undefined,
    // Emptied: the shop's default (null), on a new draft and on one saved with another rate alike.
    tax_rate: values.tax_rate.trim() || null,
    lines: values.lines.map((l) => ({
      product_id: l.product_id ?? undefined,
      name: l.name.trim() || undefined,
      quantity: l.quantity,
      unit_price: l.unit_price.trim() || undefined,
      discount: l.discount.trim() || undefined,
    })),
  };
}

const resolver = contractResolver<BuilderValues>(proposalInput, clean);

// The fields the form shows an error under: of the whole proposal, and of each line (a catalogue line's
// description is the product's name, shown as text).
const PROPOSAL_FIELDS = new Set(['valid_until', 'tax_rate', 'notes', 'lines']);
const LINE_FIELDS = new Set(['quantity', 'unit_price', 'discount']);

/** The line a server's field name ('lines.2.quantity') is about, and which of its fields. */
function lineOf(field: string, lines: BuilderLine[]) {
  const [, index, name] = /^lines\.(\d+)\.(\w+)$/.exec(field) ?? [];
  const line = index === undefined ? undefined : lines[Number(index)];
  return line && name ? { line, name } : undefined;
}

function showsError(field: string, lines: BuilderLine[]): boolean {
  if (PROPOSAL_FIELDS.has(field)) return true;
  const at = lineOf(field, lines);
  return !!at && (LINE_FIELDS.has(at.name) || (at.name === 'name' && !at.line.product_id));
}

/** A server's message the form has no field for, with the name of the line it is about (a product gone). */
function withLine([field, message]: [string, string], lines: BuilderLine[]): string {
  const name = lineOf(field, lines)?.line.name;
  return name ? `${name}: ${message}` : message;
}

function inDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function defaultsFrom(proposal?: Proposal | null, seed: BuilderLine[] = []): BuilderValues {
  if (!proposal) return { valid_until: inDays(30), tax_rate: '', notes: '', lines: seed };
  return {
    valid_until: proposal.valid_until.slice(0, 10),
    tax_rate: proposal.tax_rate,
    notes: proposal.notes ?? '',
    lines: proposal.lines.map((l) => ({
      product_id: l.product_id,
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount: l.discount === '0.00' ? '' : l.discount,
    })),
  };
}

interface ProposalBuilderProps {
  /** A new draft for this design or quote request; absent when editing `draft`. */
  owner?: ProposalOwner;
  draft?: Proposal | null;
  /** Lines to start with (a quote request's items). */
  seed?: BuilderLine[];
  onSaved: (proposal: Proposal) => void;
  /** Closes the form without saving (after asking, when something was changed); without it, no Cancel button. */
  onCancel?: () => void;
}

/** The back-office proposal form: catalogue and free lines, validity, tax, notes; live totals for display. */
export function ProposalBuilder({ owner, draft, seed, onSaved, onCancel }: ProposalBuilderProps) {
  // The shop's default rate (DEFAULT_TAX_RATE on the server), for the totals and the hint of an empty field.
  const settings = useQuery(proposalSettingsQuery()).data;
  const defaultTaxRate = settings?.tax_rate ?? DEFAULT_TAX_RATE;
  // A draft keeps the currency it was made in; a new one takes the shop's (CURRENCY on the server).
  const currency = draft?.currency ?? settings?.currency;
  // The focus goes to the first field in error as the page reads (a line's before the tax rate's), not as the
  // fields were registered: the form moves it itself (focusFirstError).
  const form = useForm<BuilderValues>({
    resolver,
    defaultValues: defaultsFrom(draft, seed),
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const taxRate = useWatch({ control, name: 'tax_rate' }) ?? '';
  const totals = computeTotals(
    lines.map((l) => ({ quantity: l.quantity, unit_price: l.unit_price, discount: l.discount })),
    taxRate.trim() || defaultTaxRate,
  );

  // Leaving with changes asks first; the save's own navigation is let through.
  const { confirmDiscard, release } = useUnsavedChanges(formState.isDirty);
  // The form opens where it was asked for: the keyboard starts at its first field.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, []);
  const cancel = async () => {
    // confirmDiscard asks only when something was changed.
    if (await confirmDiscard()) onCancel?.();
  };

  const save = useProposalMutation((values: BuilderValues) => {
    const body = clean(values);
    return draft ? updateProposal(draft.id, body) : createProposal(owner!, body);
  });

  // Once the errors are on the page: the render that marks their fields aria-invalid is the one this request
  // causes (the form's own error state and this one are rendered together), and the effect runs after it.
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequests]);
  const focusFirstError = () => setFocusRequests((n) => n + 1);
  const onSubmit = handleSubmit(
    (values) =>
      save.run(values, {
        onSuccess: (saved) => {
          release();
          toast.success('Proposal saved as a draft.');
          onSaved(saved);
        },
        failure: PROPOSAL_FAILURES.saveFailed,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const { placed, left } = placeFieldErrors(error, setError, {
            shows: (field) => showsError(field, values.lines),
            focus: false,
          });
          if (placed) focusFirstError();
          // A refusal the fields show in full is not said again in a toast; what they cannot show is.
          if (error.status !== 422 || (!placed && !left.length)) return;
          return left.length ? left.map((entry) => withLine(entry, values.lines)).join(' ') : null;
        },
      }),
    () => focusFirstError(),
  );

  const lineError = (index: number, field: keyof BuilderLine) =>
    formState.errors.lines?.[index]?.[field]?.message;
  // What is wrong with the lines as a whole: the contract's (no line, too many) lands on the field array's root,
  // where react-hook-form puts a list's own error; the server's 'lines' message (setError) on the list itself.
  const linesError = formState.errors.lines?.root?.message ?? formState.errors.lines?.message;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Proposal" className="grid gap-5">
      <ProductPicker
        onPick={(p) =>
          append({
            product_id: p.id,
            name: p.name,
            sku: p.sku,
            quantity: 1,
            unit_price: p.price,
            discount: '',
          })
        }
      />
      <div className="flex flex-wrap gap-2">
        {FREE_LINES.map((name) => (
          <Button
            key={name}
            size="sm"
            variant="outline"
            onClick={() =>
              append({ product_id: null, name, sku: null, quantity: 1, unit_price: '', discount: '' })
            }
          >
            Add {name.toLowerCase()}
          </Button>
        ))}
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">Lines</legend>
        {fields.length === 0 && <p className="mt-2 text-sm text-slate-600">No lines yet.</p>}
        {linesError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {linesError}
          </p>
        )}
        <ol className="mt-2 grid gap-3">
          {fields.map((field, index) => {
            const line = lines[index];
            const lineTotal = line ? centsToText(lineCents(line)) : '0.00';
            return (
              <li key={field.id} className="rounded-xl border border-slate-200 p-3">
                <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_5rem_7rem_6rem]">
                  {field.product_id ? (
                    <div>
                      <p className="text-sm font-medium break-words text-navy-900">{field.name}</p>
                      <p className="text-xs text-slate-600">SKU {field.sku}</p>
                    </div>
                  ) : (
                    <TextField
                      label="Description"
                      maxLength={PROPOSAL_LIMITS.lineName}
                      error={lineError(index, 'name')}
                      {...register(`lines.${index}.name`)}
                    />
                  )}
                  <TextField
                    label="Quantity"
                    type="number"
                    min={1}
                    inputMode="numeric"
                    error={lineError(index, 'quantity')}
                    {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
                  />
                  <TextField
                    label="Unit price"
                    inputMode="decimal"
                    error={lineError(index, 'unit_price')}
                    {...register(`lines.${index}.unit_price`)}
                  />
                  <TextField
                    label="Discount %"
                    inputMode="decimal"
                    placeholder="0"
                    error={lineError(index, 'discount')}
                    {...register(`lines.${index}.discount`)}
                  />
                </div>
                <div className="mt-2 flex items-center justify-between text-sm">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => remove(index)}
                    aria-label={`Remove line ${index + 1} (${line?.name || 'free line'})`}
                  >
                    Remove
                  </Button>
                  <span className="tabular-nums" data-testid={`line-total-${index}`}>
                    Line total {formatMoneyIn(lineTotal, currency)}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Valid until"
          type="date"
          required
          error={formState.errors.valid_until?.message}
          {...register('valid_until')}
        />
        <TextField
          label="Tax rate %"
          inputMode="decimal"
          placeholder={defaultTaxRate}
          hint={`Leave empty for the default (${defaultTaxRate}%).`}
          error={formState.errors.tax_rate?.message}
          {...register('tax_rate')}
        />
      </div>
      <TextAreaField
        label="Notes"
        rows={3}
        maxLength={PROPOSAL_LIMITS.notes}
        error={formState.errors.notes?.message}
        {...register('notes')}
      />

      <section aria-label="Totals (estimate)" aria-live="polite">
        <TotalsList
          subtotal={totals.subtotal}
          taxRate={taxRate.trim() || defaultTaxRate}
          tax={totals.tax}
          total={totals.total}
          currency={currency}
        />
      </section>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={() => void cancel()}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={save.isPending}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
