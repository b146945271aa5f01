import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CUSTOMER_LABELS,
  CUSTOMER_MESSAGES,
  PASSWORD_HINT,
  PASSWORD_MIN_LENGTH,
  resetPasswordRequest,
  type ResetPasswordRequest,
} from '@shop/contracts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { assertPasswordAccepted, preloadPasswordCheck } from '../../../lib/password/password-check';
import { toast } from '../../../lib/toast';
import { isApiError } from '../../../lib/api-error';
import { checkResetLink, resetPassword } from '../api/accounts-api';
import { resetPasswordFailure } from '../api/auth-failures';
import { AuthCard } from '../components/auth-card';
import { LinkOutcome } from '../components/link-outcome';
import { TextLink } from '../components/text-link';

const resolver = contractResolver<ResetPasswordRequest>(resetPasswordRequest);

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const linkValid = Boolean(token && email);
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordRequest>({
    resolver,
    // The link's address and token travel with the passwords; only the passwords are typed.
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });
  const fieldErrors = formState.errors;

  useEffect(() => {
    if (linkValid) return;
    toast.error(CUSTOMER_MESSAGES.resetLinkInvalid);
    void navigate('/forgot-password', { replace: true });
  }, [linkValid, navigate]);

  // A link already used, or past its hour, says so when it is opened, not after two passwords are typed. Without
  // an answer (offline, a server error) the form stays: the reset itself says what it finds.
  const check = useQuery({
    queryKey: ['reset-link', email, token],
    // Not cancelled when the page goes (no signal): the check spends a point of the address's reset limit, once.
    queryFn: () => checkResetLink({ email, token }),
    enabled: linkValid,
    staleTime: Infinity,
    retry: false,
  });
  const spent = isApiError(check.error) && check.error.status === 422 ? check.error : null;

  const reset = useMutation({
    mutationFn: async (body: Parameters<typeof resetPassword>[0]) => {
      await assertPasswordAccepted(body.password, { email: body.email }, 'password');
      return resetPassword(body);
    },
    onSuccess: ({ message }) => {
      toast.success(message);
      void navigate('/login');
    },
    onError: (error) => {
      const failure = resetPasswordFailure(error);
      for (const [field, message] of Object.entries(failure.fields))
        setError(field as keyof ResetPasswordRequest, { type: 'server', message });
      toast.error(failure.message);
    },
  });

  if (!linkValid) return null;
  if (spent)
    return (
      <AuthCard title="This link can no longer be used">
        <LinkOutcome state="error" message={spent.firstError() ?? CUSTOMER_MESSAGES.resetLinkInvalid}>
          <ButtonLink to="/forgot-password">Request a new link</ButtonLink>
        </LinkOutcome>
      </AuthCard>
    );

  const onSubmit = handleSubmit((values) => {
    if (!reset.isPending) reset.mutate(values);
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Your new password must be at least 8 characters long."
      // A link already used or past its hour leaves nothing to do here: the way to a new one is always shown.
      footer={
        <>
          Link used or expired? <TextLink to="/forgot-password">Request a new link</TextLink>
        </>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          value={email}
          disabled
          readOnly
          error={fieldErrors.email?.message ?? fieldErrors.token?.message}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={fieldErrors.password?.message}
          onFocus={preloadPasswordCheck}
          {...register('password', { deps: ['password_confirmation'] })}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={fieldErrors.password_confirmation?.message}
          {...register('password_confirmation')}
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
