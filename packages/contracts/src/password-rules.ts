/**
 * Why a new password was refused (a 422 on its field), shown under the field by the password forms. Here, not in
 * messages.ts, whose texts the web app's first load carries: only the password check says these.
 */
import { PASSWORD_MIN_LENGTH } from './constants';

export const PASSWORD_MESSAGES = {
  blank: 'The password may not consist of spaces only.',
  repeated: 'The password may not be one character repeated.',
  personal: 'The password may not contain your e-mail address or name.',
  weak: 'This password is too easy to guess. Add more words or characters, or avoid common patterns.',
  sameAsCurrent: 'The new password must be different from the current password.',
} as const;

/** The hint under every new-password field: the length rule, and that an easy guess is refused too. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: a few unrelated words work well.`;

/**
 * zxcvbn's score (0-4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses and more), enough
 * with argon2id hashing and login throttling in front of it.
 */
export const MIN_PASSWORD_SCORE = 3;

/** What a strength estimator (zxcvbn, on the server and lazily in the browser) says of a password. */
export interface PasswordEstimate {
  score: number;
  /** Whether the guess leans on one of the account's own words (its user inputs). */
  personal: boolean;
}

export interface PasswordOwner {
  email?: string;
  name?: string;
}

/** The account's own words: its e-mail, the e-mail's local part and domain name, the name and its words. */
export function personalWords(user: PasswordOwner): string[] {
  const words = new Set<string>();
  const email = (user.email ?? '').trim().toLowerCase();
  if (email) {
    words.add(email);
    const [local = '', domain = ''] = email.split('@');
    words.add(local);
    words.add(local.replace(/[._+-]+/g, ''));
    for (const part of local.split(/[._+-]+/)) words.add(part);
    words.add(domain.split('.')[0] ?? '');
  }
  const name = (user.name ?? '').trim().toLowerCase();
  if (name) {
    words.add(name);
    words.add(name.replace(/\s+/g, ''));
    for (const part of name.split(/\s+/)) words.add(part);
  }
  return [...words].filter((w) => w.length >= 3);
}

/**
 * Why a new password may not be used, or null when it may: blank, one character repeated, built on the
 * account's own e-mail or name, common (when a list is given), or too easy to guess for the estimator (given the
 * account's words as its user inputs). The server's answer is the one that counts; the browser asks first.
 */
export function passwordWeakness(
  password: string,
  user: PasswordOwner,
  estimate: (password: string, words: string[]) => PasswordEstimate,
  common?: { test: (password: string) => boolean; message: string },
): string | null {
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  if (new Set(password).size === 1) return PASSWORD_MESSAGES.repeated;
  const lower = password.toLowerCase();
  const words = personalWords(user);
  // The whole e-mail, or a password that is mostly the e-mail's local part or the name.
  if (words.some((w) => lower.includes(w) && (w.includes('@') || w.length * 2 >= lower.length)))
    return PASSWORD_MESSAGES.personal;
  if (common?.test(password)) return common.message;
  const result = estimate(password, words);
  if (result.score < MIN_PASSWORD_SCORE)
    return result.personal ? PASSWORD_MESSAGES.personal : PASSWORD_MESSAGES.weak;
  return null;
}
