import { useState } from 'react';
import { FileField } from '../../../components/ui/forms/file-field';
import { FilePreview } from '../../../components/ui/forms/file-preview';
import { cx } from '../../../components/ui/cx';
import { UserIcon } from '../../../components/ui/icons';
import { initialsOf } from '../../../lib/user-initials';

interface PhotoFieldProps {
  currentUrl: string | null;
  /** Whose photo it is: without a photo, their initials stand in its place (as in the top bar). */
  name?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept: string;
  hint: string;
  error?: string;
}

const photoClasses = 'size-24 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover';

/**
 * The person's current photo. Without one (or when it cannot be loaded) the field shows what the top bar shows,
 * their initials, or an empty avatar when the name is not known: never the shop's product placeholder picture,
 * which is not a photo of anyone.
 */
function CurrentPhoto({ url, name }: { url: string | null; name?: string }) {
  // The address that failed, not a flag: a new photo (after a save) is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl) {
    return <img src={url} alt="Profile photo" className={photoClasses} onError={() => setFailedUrl(url)} />;
  }
  // The top bar's avatar (app/layouts/avatar.tsx), in the size of the field.
  return (
    <span
      role="img"
      aria-label="No profile photo"
      className={cx(
        'inline-flex size-24 shrink-0 items-center justify-center rounded-full border',
        name?.trim()
          ? 'border-navy-200 bg-navy-100 text-2xl font-semibold text-navy-800'
          : 'border-slate-200 bg-slate-100 text-slate-400',
      )}
    >
      {name?.trim() ? <span aria-hidden="true">{initialsOf(name)}</span> : <UserIcon className="size-10" />}
    </span>
  );
}

/** The profile photo: the current one (or the one just picked and accepted) beside the file field. */
export function PhotoField({ currentUrl, name, file, onChange, accept, hint, error }: PhotoFieldProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {file && !error ? (
        <FilePreview file={file} alt="New profile photo" className={photoClasses} />
      ) : (
        <CurrentPhoto url={currentUrl} name={name} />
      )}
      <FileField
        label="Photo"
        accept={accept}
        hint={hint}
        error={error}
        file={file}
        onPick={(files) => onChange(files[0] ?? null)}
        onRemove={() => onChange(null)}
      />
    </div>
  );
}
