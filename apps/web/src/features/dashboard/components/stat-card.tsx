import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons';

interface StatCardProps {
  label: string;
  /** A count, or a text already formatted (money). */
  value: number | string | undefined;
  icon: ReactNode;
  /** A percentage: an up arrow above 0, otherwise a down arrow (admin spec). */
  growth?: number;
  caption?: string;
  loading?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function StatCard({ label, value, icon, growth, caption, loading }: StatCardProps) {
  const up = (growth ?? 0) > 0;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        <span className="flex size-10 items-center justify-center rounded-xl bg-navy-50 text-navy-700">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-navy-900 tabular-nums">
        {loading ? (
          <span
            className="inline-block h-8 w-20 animate-pulse rounded-md bg-slate-200"
            aria-label="Loading"
          />
        ) : value === undefined ? (
          '—'
        ) : typeof value === 'string' ? (
          value
        ) : (
          numberFormat.format(value)
        )}
      </p>
      <div className="mt-2 min-h-5 text-sm">
        {caption && <p className="text-slate-600">{caption}</p>}
        {growth !== undefined && !loading && (
          <p
            className={cx(
              'inline-flex items-center gap-1 font-medium',
              up ? 'text-emerald-700' : 'text-red-700',
            )}
          >
            {up ? <ArrowUpIcon className="size-4" /> : <ArrowDownIcon className="size-4" />}
            <span>
              {Math.abs(growth)}%<span className="sr-only">{up ? ' up' : ' down'}</span>
            </span>
            <span className="font-normal text-slate-600">vs last month</span>
          </p>
        )}
      </div>
    </div>
  );
}
