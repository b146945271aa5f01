import type { z } from 'zod';
import {
  isMissing,
  notListMessage,
  notNumberMessage,
  notTextMessage,
  requiredFieldMessage,
  tooLongMessage,
} from './common';

/** How a field is named in a refusal: its key, in words ('first_name' and 'firstName' are 'first name'). */
export function fieldLabel(path: readonly PropertyKey[]): string | undefined {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  return key
    ?.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** A request whose body is no object at all ('null', '[]', '"text"' where fields are asked for). */
export const BODY_NOT_OBJECT_MESSAGE = 'The request body must be a JSON object.';

/**
 * The shop's words for every refusal a schema does not word itself (`z.config({ customError })`, installed by the
 * server): a value of the wrong kind, an option that is not offered, a number or text out of its range. Without it
 * an API client sent `{ "title": 5 }` would read zod's 'Invalid input: expected string, received number'.
 */
export function shopRefusal(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return issue.keys.length === 1
      ? `The field ${keys} is not accepted here.`
      : `The fields ${keys} are not accepted here.`;
  }
  const label = fieldLabel(issue.path ?? []);
  if (label === undefined) {
    return issue.code === 'invalid_type' && issue.expected === 'object' ? BODY_NOT_OBJECT_MESSAGE : undefined;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue.input)) return requiredFieldMessage(label);
      switch (issue.expected) {
        case 'string':
          return notTextMessage(label);
        case 'number':
        case 'int':
        case 'bigint':
          return notNumberMessage(label);
        case 'boolean':
          return `The ${label} field must be true or false.`;
        case 'array':
          return notListMessage(label);
        case 'object':
          return `The ${label} must be an object.`;
        case 'date':
          return `The ${label} must be a valid date.`;
        default:
          return `The ${label} is invalid.`;
      }
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return `The selected ${label} is invalid.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? `The ${label} must be a valid email address.`
        : `The ${label} format is invalid.`;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return tooLongMessage(label, max);
      if (issue.origin === 'array' || issue.origin === 'set')
        return `The ${label} may not have more than ${max} items.`;
      return issue.inclusive === false
        ? `The ${label} must be less than ${max}.`
        : `The ${label} may not be greater than ${max}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? requiredFieldMessage(label) : `The ${label} must be at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `The ${label} must have at least ${min} ${min === 1 ? 'item' : 'items'}.`;
      return issue.inclusive === false
        ? `The ${label} must be greater than ${min}.`
        : `The ${label} must be at least ${min}.`;
    }
    case 'not_multiple_of':
      return `The ${label} must be a multiple of ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
}
