import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@shop/contracts';
import { ApiError } from '../api-error';
import { assertPasswordAccepted, passwordProblem } from './password-check';

describe('the browser’s password check', () => {
  const user = { email: 'jane.doe@example.com' };

  it.each([
    ['eight spaces', '        ', PASSWORD_MESSAGES.blank],
    ['one repeated character', 'zzzzzzzzzz', PASSWORD_MESSAGES.repeated],
    ['the account’s own e-mail', 'jane.doe@example.com', PASSWORD_MESSAGES.personal],
    ['the e-mail’s name with digits', 'janedoe2026', PASSWORD_MESSAGES.personal],
    ['a keyboard walk', 'qwertyuiop[]', PASSWORD_MESSAGES.weak],
  ])('refuses %s with the server’s reason', async (_, password, reason) => {
    expect(await passwordProblem(password, user)).toBe(reason);
  });

  it.each(['Walnut-Desk-Panel-42', 'demo-customer-2026'])('lets %s through', async (password) => {
    expect(await passwordProblem(password, user)).toBeNull();
  });

  it('leaves a too-short password to the server’s own wording', async () => {
    expect(await passwordProblem('aaaa', user)).toBeNull();
  });

  it('answers like the server: a 422 naming the field', async () => {
    const refused = assertPasswordAccepted('        ', user, 'new_password');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 422,
      errors: { new_password: [PASSWORD_MESSAGES.blank] },
    });
  });
});
