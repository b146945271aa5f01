import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { checkFile, type FileRule } from './file-check';

/**
 * A react-hook-form resolver that checks the form's values with a contract schema (the one the route validates
 * with) after `toInput` turns them into the request body (empty optional texts left out, numbers read): errors
 * land on the same field names, and a valid form submits its own values (the caller maps them again when it
 * sends). `files` names the fields holding picked files (a File, null, or a list of Files) and the rule each
 * is checked by (`checkFile`: first bytes, type, size): a refused file keeps the form from being submitted until
 * it is removed or replaced.
 */
export function contractResolver<Values extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  toInput: (values: Values) => unknown = (values) => values,
  files: Partial<Record<keyof Values & string, FileRule>> = {},
): Resolver<Values> {
  const check = zodResolver(schema) as unknown as Resolver<Values>;
  return async (values, context, options) => {
    const result = await check(toInput(values) as Values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [name, rule] of Object.entries(files) as [string, FileRule][]) {
      const problem = await fileErrors(values[name] as unknown, rule);
      if (problem) errors[name] = problem;
    }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<Values> }
      : { values, errors: {} };
  };
}

async function fileErrors(value: unknown, rule: FileRule): Promise<FieldError | FieldError[] | undefined> {
  if (value instanceof File) {
    const message = await checkFile(value, rule);
    return message ? { type: 'file', message } : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const list: FieldError[] = [];
  let refused = false;
  for (const [i, file] of value.entries()) {
    const message = file instanceof File ? await checkFile(file, rule) : null;
    if (message) {
      list[i] = { type: 'file', message };
      refused = true;
    }
  }
  return refused ? list : undefined;
}
