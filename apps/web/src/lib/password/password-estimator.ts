import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import type { PasswordEstimate } from '@shop/contracts';

// Loaded only by `password-check.ts`'s dynamic import: the dictionaries stay out of every page's first load.
zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** zxcvbn's estimate, as the server makes it (the account's words as user inputs). */
export function estimatePassword(password: string, words: string[]): PasswordEstimate {
  const result = zxcvbn(password, words);
  return {
    score: result.score,
    personal: result.sequence.some(
      (m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs' && m.token.length >= 4,
    ),
  };
}
