import { readFileSync } from 'node:fs';
import { assetPath } from '../../assets';

let list: Set<string> | undefined;

/**
 * True for one of the 10,000 most common passwords (assets/common-passwords.txt, ranked by frequency,
 * taken from the MIT-licensed @zxcvbn-ts/language-common dictionary). Compared case-insensitively.
 */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(readFileSync(assetPath('common-passwords.txt'), 'utf8').split('\n').filter(Boolean));
  return list.has(password.toLowerCase());
}
