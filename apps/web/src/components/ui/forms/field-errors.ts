import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { uploadRefusal, type ApiError } from '../../../lib/api-error';

export interface PlaceFieldErrorsOptions<Values extends FieldValues> {
  /** The form's file field, which takes an upload refusal's reason (413, 415, 429, 507). */
  fileField?: Path<Values>;
  /** The fields the form shows; the server may name others (a proposal line's product has no field). */
  shows?: (field: string) => boolean;
  /** Whether the first message placed takes the focus; false when the form moves it itself. */
  focus?: boolean;
}

/**
 * Puts the server's field errors on the form's fields of the same names (the first message of each) and an upload
 * refusal's reason on `fileField`. Answers how many it placed and, field by field, the messages of the fields the
 * form does not show, for the failure's toast to say.
 */
export function placeFieldErrors<Values extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<Values>,
  { fileField, shows = () => true, focus = true }: PlaceFieldErrorsOptions<Values> = {},
): { placed: number; left: [field: string, message: string][] } {
  let placed = 0;
  const left: [string, string][] = [];
  const refusal = fileField ? uploadRefusal(error) : undefined;
  if (fileField && refusal) {
    setError(fileField, { type: 'server', message: refusal });
    placed += 1;
  }
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if (!shows(field)) {
      left.push([field, message]);
      continue;
    }
    setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: focus && placed === 0 });
    placed += 1;
  }
  return { placed, left };
}

/**
 * Puts the server's 422 field errors on the form's fields (the first of them focused), and an upload refusal's
 * reason on `fileField` when the form has one. Returns whether any landed.
 */
export function showFieldErrors<Values extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<Values>,
  fileField?: Path<Values>,
): boolean {
  return placeFieldErrors(error, setError, { fileField }).placed > 0;
}
