import { FileField } from '../../../components/ui/forms/file-field';
import { FilePreview } from '../../../components/ui/forms/file-preview';
import { Image } from '../../../components/ui/image';

interface PhotoFieldProps {
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  accept: string;
  hint: string;
  error?: string;
}

const photoClasses = 'size-24 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover';

/** The profile photo: the current one (or the one just picked and accepted) beside the file field. */
export function PhotoField({ currentUrl, file, onChange, accept, hint, error }: PhotoFieldProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {file && !error ? (
        <FilePreview file={file} alt="New profile photo" className={photoClasses} />
      ) : (
        <Image src={currentUrl} alt="Profile photo" className={photoClasses} />
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
