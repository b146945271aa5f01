import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../../lib/api-error';

// The deal screens' forms put server errors on their fields like every form (components/ui/forms).
export { showFieldErrors } from '../../../components/ui/forms/field-errors';

/**
 * As `showFieldErrors`, for a form that shows some of the fields the server may name (the proposal builder has
 * none for a line's product): the first message of each field the form `shows` goes under it, and the others come
 * back, field by field, for the failure's toast to say. Focus is the form's to move (to the first field in error
 * as the page reads).
 */
export function placeFieldErrors<Values extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<Values>,
  shows: (field: string) => boolean,
): { placed: number; left: [field: string, message: string][] } {
  let placed = 0;
  const left: [string, string][] = [];
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if (!shows(field)) left.push([field, message]);
    else {
      setError(field as Path<Values>, { type: 'server', message });
      placed += 1;
    }
  }
  return { placed, left };
}
