import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_LABELS, ADMIN_MESSAGES, loginRequest } from '@shop/contracts';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/form-field';
import { LockIcon } from '../../../components/ui/icons';
import { APP_NAME } from '../../../lib/app-config';
import { safeReturnPath } from '../../../lib/return-path';
import { adminSession } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { logInAdmin } from '../api/accounts-api';
import { adminLoginFailure } from '../api/auth-failures';
import { LOGIN_DEFAULTS, useAuthForm } from '../api/use-auth-form';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The back-office page that sent here (a bookmark, an expired session) is where the admin goes back to.
  const next = safeReturnPath(params.get('next'), 'admin') ?? '/admin/dashboard';
  const { form, errors, busy, onSubmit } = useAuthForm({
    schema: loginRequest,
    defaultValues: LOGIN_DEFAULTS,
    send: logInAdmin,
    onSuccess: ({ token, admin }, body) => {
      adminSession.signIn(token, admin, body.remember === true);
      toast.success(ADMIN_MESSAGES.loginSuccess);
      void navigate(next, { replace: true });
    },
    failure: (error) => ({ message: adminLoginFailure(error).message, title: ADMIN_LABELS.loginErrorTitle }),
  });

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-navy-950 px-4 py-12">
      <div aria-hidden="true" className="pointer-events-none fixed inset-0 overflow-hidden">
        <div className="absolute -top-40 -left-40 size-[32rem] rounded-full border-[64px] border-navy-900" />
        <div className="absolute -right-32 -bottom-48 size-[28rem] rounded-full border-[56px] border-navy-900" />
      </div>
      <main className="relative w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <BrandLogo name={APP_NAME} tone="light" />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <div className="mb-6 text-center">
            <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-navy-50 text-navy-800">
              <LockIcon className="size-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{ADMIN_LABELS.loginHeading}</h1>
            <p className="mt-1.5 text-sm text-slate-600">{ADMIN_LABELS.loginSubtitle}</p>
          </div>
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
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
            />
            <CheckboxField label={ADMIN_LABELS.rememberMe} {...form.register('remember')} />
            <Button
              type="submit"
              variant="secondary"
              size="lg"
              className="w-full"
              loading={busy}
              loadingText={ADMIN_LABELS.loggingIn}
            >
              {ADMIN_LABELS.logIn}
            </Button>
          </form>
        </div>
        <p className="mt-6 text-center text-sm text-navy-200">{ADMIN_MESSAGES.unauthorizedFooter}</p>
      </main>
    </div>
  );
}
