import { useSearchParams } from 'react-router';
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, registerRequest } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-error';
import { assertPasswordAccepted, preloadPasswordCheck } from '../../../lib/password/password-check';
import { register, type RegisterForm } from '../api/accounts-api';
import { registerFailure } from '../api/auth-failures';
import { safeReturnPath, withReturnPath } from '../../../lib/return-path';
import { enterCustomerSession, useAuthForm } from '../api/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';

export default function RegisterPage() {
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const { form, errors, busy, onSubmit } = useAuthForm({
    schema: registerRequest,
    defaultValues: { email: '', password: '', password_confirmation: '', terms: false } as RegisterForm,
    send: async (form: RegisterForm) => {
      await assertPasswordAccepted(form.password, { email: form.email }, 'password');
      return register(form);
    },
    // A new account's session is not remembered: it ends with the browser.
    onSuccess: (session) => enterCustomerSession(session, session.message, false, next ?? '/'),
    failure: registerFailure,
    showsFieldErrors: isApiError,
    leavesByReload: true,
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Save favourites, submit floor plans and follow every design in one place."
      footer={
        <>
          Already have an account?{' '}
          <TextLink to={next ? withReturnPath('/login', next) : '/login'}>Log in</TextLink>
        </>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          onFocus={preloadPasswordCheck}
          {...form.register('password', { deps: ['password_confirmation'] })}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        <CheckboxField
          required
          error={errors.terms?.message}
          {...form.register('terms')}
          label={
            <>
              I agree to the{' '}
              <TextLink to="/terms" target="_blank">
                Terms &amp; Conditions
              </TextLink>
            </>
          }
        />
        <Button type="submit" size="lg" className="w-full" loading={busy} loadingText="Creating account...">
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
