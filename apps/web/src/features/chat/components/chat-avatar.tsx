import { Image } from '../../../components/ui/image';
import { cx } from '../../../components/ui/cx';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** A round photo or initials, with the presence dot when `online` is given. */
export function ChatAvatar({
  name,
  photoUrl,
  online,
  className = 'size-10',
}: {
  name: string;
  photoUrl: string | null;
  online?: boolean;
  className?: string;
}) {
  return (
    <span className={cx('relative inline-flex shrink-0', className)}>
      {photoUrl ? (
        <Image src={photoUrl} alt="" className="size-full rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-full items-center justify-center rounded-full bg-navy-100 text-sm font-semibold text-navy-800"
        >
          {initials(name)}
        </span>
      )}
      {online !== undefined && (
        <span
          className={cx(
            'absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-white',
            online ? 'bg-emerald-500' : 'bg-slate-300',
          )}
        >
          <span className="sr-only">{online ? 'Online' : 'Offline'}</span>
        </span>
      )}
    </span>
  );
}
