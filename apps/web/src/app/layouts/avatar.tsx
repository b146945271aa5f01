import { Image } from '../../components/ui/image';
import { cx } from '../../components/ui/cx';
import { initialsOf } from '../../lib/user-initials';

/** A round photo, or the initials when there is none. */
export function Avatar({
  name,
  photoUrl,
  className = 'size-9',
}: {
  name: string;
  photoUrl?: string | null;
  className?: string;
}) {
  if (photoUrl) {
    return <Image src={photoUrl} alt="" className={cx('shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-navy-100 text-sm font-semibold text-navy-800',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
