import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import {
  SERVER_MESSAGES,
  passwordWeakness as weakness,
  type PasswordEstimate,
  type PasswordOwner,
} from '@shop/contracts';
import { isCommonPassword } from './common-passwords';

let configured = false;

/** zxcvbn with the common and English dictionaries, the account's words as user inputs. */
export function estimatePassword(password: string, words: string[]): PasswordEstimate {
  if (!configured) {
    zxcvbnOptions.setOptions({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    configured = true;
  }
  const result = zxcvbn(password, words);
  return {
    score: result.score,
    personal: result.sequence.some(
      (m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs' && m.token.length >= 4,
    ),
  };
}

/**
 * Why a new password may not be used, or null: the contracts' rules (blank, repeated, the account's own e-mail or
 * name), the list of common passwords, then zxcvbn.
 */
export function passwordWeakness(password: string, user: PasswordOwner): string | null {
  return weakness(password, user, estimatePassword, {
    test: isCommonPassword,
    message: SERVER_MESSAGES.passwordCommon,
  });
}
