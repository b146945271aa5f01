import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CUSTOMER_LABELS } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { toast } from '../../../lib/toast';
import { requestPasswordReset } from '../api/account-calls';
import { forgotPasswordFailure } from '../api/auth-failures';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';

export default function ForgotPasswordPage() {
  const [emailError, setEmailError] = useState<string>();
  const send = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: ({ message }) => {
      setEmailError(undefined);
      toast.success(message);
    },
    onError: (error) => {
      const failure = forgotPasswordFailure(error);
      toast.error(failure.message);
      setEmailError(failure.message);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    send.mutate(String(new FormData(event.currentTarget).get('email') ?? ''));
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to log in</TextLink>
        </>
      }
    >
      {send.isSuccess && (
        <div role="status" className="mb-5 flex gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
          <CheckCircleIcon className="size-5 shrink-0 text-emerald-700" />
          <p>{send.data.message}</p>
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={emailError} />
        <Button type="submit" size="lg" className="w-full" loading={send.isPending} loadingText="Sending...">
          {CUSTOMER_LABELS.sendResetLink}
        </Button>
      </form>
    </AuthCard>
  );
}
