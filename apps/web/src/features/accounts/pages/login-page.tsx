import { useSearchParams } from 'react-router';
import { CUSTOMER_LABELS, CUSTOMER_MESSAGES, loginRequest } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-error';
import { logIn } from '../api/accounts-api';
import { loginFailure } from '../api/auth-failures';
import { safeReturnPath, withReturnPath } from '../../../lib/return-path';
import { LOGIN_DEFAULTS, enterCustomerSession, useAuthForm } from '../api/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const { form, errors, busy, onSubmit } = useAuthForm({
    schema: loginRequest,
    defaultValues: LOGIN_DEFAULTS,
    send: logIn,
    onSuccess: (session, body) =>
      enterCustomerSession(session, CUSTOMER_MESSAGES.loggedIn, body.remember === true, next ?? '/'),
    failure: loginFailure,
    showsFieldErrors: (error) => isApiError(error) && error.status === 422,
    leavesByReload: true,
  });

  return (
    <AuthCard
      title="Log in to your account"
      subtitle="Follow your designs, favourites and conversations with our team."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <TextLink to={next ? withReturnPath('/register', next) : '/register'}>Sign up</TextLink>
        </>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} className="space-y-5" noValidate>
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
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
          labelAside={
            <TextLink to="/forgot-password" className="text-sm">
              {CUSTOMER_LABELS.forgotPassword}
            </TextLink>
          }
        />
        <CheckboxField label={CUSTOMER_LABELS.rememberMe} {...form.register('remember')} />
        <Button type="submit" size="lg" className="w-full" loading={busy} loadingText="Logging in...">
          Log In
        </Button>
      </form>
    </AuthCard>
  );
}
