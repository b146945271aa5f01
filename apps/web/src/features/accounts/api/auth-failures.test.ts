import { ADMIN_MESSAGES, CUSTOMER_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  adminLoginFailure,
  forgotPasswordFailure,
  loginFailure,
  registerFailure,
  resetPasswordFailure,
} from './auth-failures';

const err = (status: number, message = '', errors: Record<string, string[]> = {}) =>
  new ApiError(status, message, errors);

describe('auth failure texts', () => {
  it('words login failures by status', () => {
    expect(loginFailure(err(401, 'x'))).toEqual({ message: CUSTOMER_MESSAGES.loginInvalid });
    expect(loginFailure(err(403, 'x'))).toEqual({ message: CUSTOMER_MESSAGES.accountInactive });
    expect(loginFailure(err(422, 'm', { email: ['The email must be a valid email address.'] }))).toEqual({
      message: 'The email must be a valid email address.',
      title: 'Validation Error',
    });
    // A refused burst says how long to wait, in the server's words.
    expect(loginFailure(err(429, SERVER_MESSAGES.tooManyAttempts(15)))).toEqual({
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(loginFailure(err(429))).toEqual({ message: SERVER_MESSAGES.rateLimited });
    expect(loginFailure(new Error('boom'))).toEqual({ message: CUSTOMER_MESSAGES.unexpected });
  });

  it('shows a taken e-mail on register as a validation error', () => {
    expect(
      registerFailure(
        err(409, 'The email has already been taken.', { email: ['The email has already been taken.'] }),
      ),
    ).toEqual({
      message: 'The email has already been taken.',
      title: 'Validation Error',
    });
    expect(registerFailure(err(500))).toEqual({ message: CUSTOMER_MESSAGES.unexpected });
  });

  it('words password recovery failures', () => {
    expect(forgotPasswordFailure(err(422, 'm', { email: ['The email field is required.'] }))).toEqual({
      message: 'The email field is required.',
      onEmail: true,
    });
    expect(forgotPasswordFailure(err(0))).toEqual({
      message: CUSTOMER_MESSAGES.forgotFailed,
      onEmail: false,
    });
    // No answer is the request's failure, not the e-mail's: said as such and not under the field.
    expect(forgotPasswordFailure(err(0, 'Network error. Please check your connection.'))).toEqual({
      message: 'Network error. Please check your connection.',
      onEmail: false,
    });
    const reset = resetPasswordFailure(
      err(422, 'm', {
        email: ['This password reset link is invalid or has expired.'],
        password: ['Too short.', 'Common.'],
      }),
    );
    expect(reset.fields).toEqual({
      email: 'This password reset link is invalid or has expired.',
      password: 'Too short.',
    });
    expect(resetPasswordFailure(err(429, 'Too many attempts. Please try again later.')).message).toBe(
      'Too many attempts. Please try again later.',
    );
    expect(resetPasswordFailure(err(0)).message).toBe(CUSTOMER_MESSAGES.resetFailed);
  });

  it('prefers the server message for the admin login', () => {
    expect(adminLoginFailure(err(401, 'Invalid email or password.')).message).toBe(
      'Invalid email or password.',
    );
    expect(adminLoginFailure(err(0)).message).toBe(ADMIN_MESSAGES.loginFailed);
  });
});
