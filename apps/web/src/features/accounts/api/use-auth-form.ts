import { useMutation } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { LoginResponse } from '@shop/contracts';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { isApiError } from '../../../lib/api-error';
import { reloadTo } from '../../../lib/navigation';
import { customerSession } from '../../../lib/sessions';
import { flashToast, toast } from '../../../lib/toast';
import type { Failure } from './auth-failures';

interface AuthFormOptions<Values extends FieldValues, Body, Result> {
  /** The route's request schema: it checks the form before sending, with the server's own messages. */
  schema: Parameters<typeof contractResolver>[0];
  defaultValues: DefaultValues<Values>;
  /** The request body, from the form's values (by default the values themselves). */
  toBody?: (values: Values) => Body;
  send: (body: Body) => Promise<Result>;
  /** With the body that was sent (a login's 'remember me' decides where its token is kept). */
  onSuccess: (result: Result, body: Body) => void;
  /** How a failure is worded in the error toast. */
  failure: (error: unknown) => Failure;
  /** Which failures put the server's field errors under the fields (by default none). */
  showsFieldErrors?: (error: unknown) => boolean;
  /** Success leaves the page with a full load: the form stays busy until it is gone. */
  leavesByReload?: boolean;
}

/**
 * A sign-in or sign-up form on react-hook-form, checked with the route's schema before it is sent (errors under
 * the fields, re-checked as they are edited: a confirmation's 'does not match' goes as soon as the two match);
 * sends once at a time, toasts a failure and puts the server's field errors under their fields.
 */
export function useAuthForm<Values extends FieldValues, Result, Body = Values>({
  schema,
  defaultValues,
  toBody = (values) => values as unknown as Body,
  send,
  onSuccess,
  failure,
  showsFieldErrors = () => false,
  leavesByReload = false,
}: AuthFormOptions<Values, Body, Result>) {
  const form = useForm<Values>({
    resolver: contractResolver<Values>(schema, toBody),
    defaultValues,
  });
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result, body) => onSuccess(result, body),
    onError: (error) => {
      const { message, title } = failure(error);
      toast.error(message, { title });
      if (isApiError(error) && showsFieldErrors(error)) showFieldErrors(error, form.setError);
    },
  });
  const busy = mutation.isPending || (leavesByReload && mutation.isSuccess);
  const onSubmit = form.handleSubmit((values) => {
    if (!busy) mutation.mutate(toBody(values));
  });

  return { form, errors: form.formState.errors, busy, onSubmit };
}

/** The e-mail, password and 'remember me' of either login form. */
export const LOGIN_DEFAULTS = { email: '', password: '', remember: false };

/**
 * A customer signed in or up: a full load starts every store and cache afresh with the new session (spec). The
 * token outlives the browser only with "Remember me". It lands at home or where the sign-in was asked for (a
 * mailed link's page).
 */
export function enterCustomerSession(
  { token, user }: LoginResponse,
  message: string,
  remember: boolean,
  to = '/',
): void {
  customerSession.signIn(token, user, remember);
  flashToast({ type: 'success', message });
  reloadTo(to);
}
