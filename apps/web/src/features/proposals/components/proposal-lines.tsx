import { PackageIcon } from '../../../components/ui/icons';
import { Image } from '../../../components/ui/image';
import { formatMoneyIn } from '../../../lib/money-in';
import type { Proposal } from '../api/types';

/** A sent proposal's lines with their photos, and its totals (the server's figures). */
export function ProposalLines({ proposal }: { proposal: Proposal }) {
  return (
    <div>
      <ul className="divide-y divide-slate-200" aria-label="Proposal lines">
        {proposal.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            {line.photo_url ? (
              <Image
                src={line.photo_url}
                alt=""
                className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
              />
            ) : (
              // A line with no product photo (a service such as delivery): a neutral mark, not an empty box.
              <div
                className="grid size-16 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500"
                aria-hidden="true"
              >
                <PackageIcon className="size-6" />
              </div>
            )}
            <div className="min-w-0 flex-1">
              <p
                className={
                  line.declined
                    ? 'font-medium break-words text-slate-600 line-through'
                    : 'font-medium break-words text-navy-900'
                }
              >
                {line.name}
                {line.declined && <span className="sr-only"> (declined)</span>}
              </p>
              <p className="text-xs text-slate-600">
                {line.sku ? `SKU ${line.sku} · ` : ''}
                {line.quantity} × {formatMoneyIn(line.unit_price, proposal.currency)}
                {Number(line.discount) > 0 ? ` · ${line.discount}% off` : ''}
              </p>
            </div>
            <p className="shrink-0 font-semibold text-navy-900 tabular-nums">
              {formatMoneyIn(line.total, proposal.currency)}
            </p>
          </li>
        ))}
      </ul>
      <TotalsList
        subtotal={proposal.subtotal}
        taxRate={proposal.tax_rate}
        tax={proposal.tax}
        total={proposal.total}
        currency={proposal.currency}
      />
    </div>
  );
}

export function TotalsList({
  subtotal,
  taxRate,
  tax,
  total,
  currency,
}: {
  subtotal: string;
  taxRate: string;
  tax: string;
  total: string;
  /** The proposal's ISO 4217 currency. */
  currency: string | undefined;
}) {
  return (
    <dl className="mt-3 ml-auto grid max-w-xs grid-cols-2 gap-y-1 border-t border-slate-200 pt-3 text-sm">
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="text-right tabular-nums" data-testid="subtotal">
        {formatMoneyIn(subtotal, currency)}
      </dd>
      <dt className="text-slate-600">Tax ({taxRate}%)</dt>
      <dd className="text-right tabular-nums" data-testid="tax">
        {formatMoneyIn(tax, currency)}
      </dd>
      <dt className="font-semibold text-navy-900">Total</dt>
      <dd className="text-right font-semibold text-navy-900 tabular-nums" data-testid="total">
        {formatMoneyIn(total, currency)}
      </dd>
    </dl>
  );
}
