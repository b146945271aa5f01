import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CUSTOMER_LABELS, CUSTOMER_MESSAGES, PASSWORD_MIN_LENGTH } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { toast } from '../../../lib/toast';
import { resetPassword } from '../api/account-calls';
import { resetPasswordFailure } from '../api/auth-failures';
import { AuthCard } from '../components/auth-card';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const linkValid = Boolean(token && email);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (linkValid) return;
    toast.error(CUSTOMER_MESSAGES.resetLinkInvalid);
    void navigate('/forgot-password', { replace: true });
  }, [linkValid, navigate]);

  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ message }) => {
      toast.success(message);
      void navigate('/login');
    },
    onError: (error) => {
      const failure = resetPasswordFailure(error);
      setFieldErrors(failure.fields);
      toast.error(failure.message);
    },
  });

  if (!linkValid) return null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const form = new FormData(event.currentTarget);
    reset.mutate({
      email,
      token,
      password: String(form.get('password') ?? ''),
      password_confirmation: String(form.get('password_confirmation') ?? ''),
    });
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Your new password must be at least 8 characters long.">
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          value={email}
          disabled
          readOnly
          error={fieldErrors.email}
        />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          error={fieldErrors.password}
        />
        <PasswordField
          label="Confirm new password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          error={fieldErrors.password_confirmation}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={reset.isPending}
          loadingText="Updating..."
        >
          {CUSTOMER_LABELS.updatePassword}
        </Button>
      </form>
    </AuthCard>
  );
}
