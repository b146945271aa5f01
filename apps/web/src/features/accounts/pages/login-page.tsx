import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CUSTOMER_LABELS, CUSTOMER_MESSAGES, type LoginRequest } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-error';
import { reloadTo } from '../../../lib/navigation';
import { customerSession } from '../../../lib/sessions';
import { flashToast, toast } from '../../../lib/toast';
import { logIn } from '../api/account-calls';
import { loginFailure } from '../api/auth-failures';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';

export default function LoginPage() {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const login = useMutation({
    mutationFn: logIn,
    onSuccess: ({ token, user }) => {
      customerSession.signIn(token, user);
      flashToast({ type: 'success', message: CUSTOMER_MESSAGES.loggedIn });
      // A full load starts every store and cache afresh with the new session (spec).
      reloadTo('/');
    },
    onError: (error) => {
      const failure = loginFailure(error);
      toast.error(failure.message, { title: failure.title });
      setFieldErrors(isApiError(error) && error.status === 422 ? error.firstErrors() : {});
    },
  });
  const busy = login.isPending || login.isSuccess;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body: LoginRequest = {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      remember: form.get('remember') === 'on',
    };
    login.mutate(body);
  }

  return (
    <AuthCard
      title="Log in to your account"
      subtitle="Follow your designs, favourites and conversations with our team."
      footer={
        <>
          Don&apos;t have an account? <TextLink to="/register">Sign up</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5" noValidate={false}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={fieldErrors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
          labelAside={
            <TextLink to="/forgot-password" className="text-sm">
              {CUSTOMER_LABELS.forgotPassword}
            </TextLink>
          }
        />
        <CheckboxField label={CUSTOMER_LABELS.rememberMe} name="remember" />
        <Button type="submit" size="lg" className="w-full" loading={busy} loadingText="Logging in...">
          Log In
        </Button>
      </form>
    </AuthCard>
  );
}
