import { PASSWORD_MIN_LENGTH, passwordWeakness, type PasswordOwner } from '@shop/contracts';
import { ApiError } from '../api-error';
import type * as PasswordEstimator from './password-estimator';

let estimator: Promise<typeof PasswordEstimator> | undefined;

/** Starts loading the estimator (on the password field's focus), so the check on submit rarely waits. */
export function preloadPasswordCheck(): void {
  estimator ??= import('./password-estimator');
  estimator.catch(() => (estimator = undefined));
}

/**
 * Why the browser thinks a new password would be refused, by the server's own rules (the server still checks);
 * null when it would pass or the estimator could not be loaded.
 */
export async function passwordProblem(password: string, user: PasswordOwner): Promise<string | null> {
  // Too short is the server's schema to say, in its own words.
  if (password.length < PASSWORD_MIN_LENGTH) return null;
  try {
    preloadPasswordCheck();
    const { estimatePassword } = await estimator!;
    return passwordWeakness(password, user, estimatePassword);
  } catch {
    return null;
  }
}

/**
 * Refuses a weak password before it is sent, with the answer the server would give (422 naming the field), so
 * the form shows it the same way.
 */
export async function assertPasswordAccepted(
  password: string,
  user: PasswordOwner,
  field: string,
): Promise<void> {
  const problem = await passwordProblem(password, user);
  if (problem) throw new ApiError(422, problem, { [field]: [problem] });
}
