import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { uploadRefusal, type ApiError } from '../../../lib/api-error';

/**
 * Puts the server's 422 field errors on the form's fields of the same names (the first message of each), and an
 * upload refusal's reason (413, 415, 429, 507) on `fileField` when the form has one. Returns whether any landed.
 */
export function showFieldErrors<Values extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<Values>,
  fileField?: Path<Values>,
): boolean {
  let shown = false;
  const refusal = fileField ? uploadRefusal(error) : undefined;
  if (fileField && refusal) {
    setError(fileField, { type: 'server', message: refusal });
    shown = true;
  }
  for (const [field, messages] of Object.entries(error.errors ?? {}))
    if (messages[0]) {
      setError(field as Path<Values>, { type: 'server', message: messages[0] }, { shouldFocus: !shown });
      shown = true;
    }
  return shown;
}
