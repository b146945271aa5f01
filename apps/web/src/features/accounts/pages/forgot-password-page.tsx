import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CUSTOMER_LABELS, forgotPasswordRequest } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { toast } from '../../../lib/toast';
import { requestPasswordReset } from '../api/accounts-api';
import { forgotPasswordFailure } from '../api/auth-failures';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';

const resolver = contractResolver<{ email: string }>(forgotPasswordRequest);

export default function ForgotPasswordPage() {
  const { register, handleSubmit, setError, clearErrors, formState } = useForm({
    resolver,
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: ({ message }) => {
      clearErrors();
      toast.success(message);
    },
    onError: (error) => {
      const failure = forgotPasswordFailure(error);
      toast.error(failure.message);
      if (failure.onEmail) setError('email', { type: 'server', message: failure.message });
      else clearErrors();
    },
  });
  const onSubmit = handleSubmit(({ email }) => {
    if (!send.isPending) send.mutate(email);
  });

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
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" loading={send.isPending} loadingText="Sending...">
          {CUSTOMER_LABELS.sendResetLink}
        </Button>
      </form>
    </AuthCard>
  );
}
