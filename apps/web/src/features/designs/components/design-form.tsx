import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import {
  CUSTOMER_MESSAGES,
  DESIGN_FORM_STEPS,
  DESIGN_TABS,
  DESIGN_TEXT_LIMITS,
  FILE_PICKER_ACCEPT,
  QUESTIONNAIRE_LABELS,
  QUESTIONNAIRE_OPTIONS,
  UPLOAD_LIMITS,
  designSubmissionFields,
  isFilled,
  requiredMessage,
  type DesignStep,
  type DesignTab,
  type QuestionnaireField,
} from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { FieldShell, GroupInput, TextAreaField, TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { FILE_RULES } from '../../../components/ui/forms/file-check';
import { FileField } from '../../../components/ui/forms/file-field';
import { AlertCircleIcon, CheckCircleIcon, UploadIcon } from '../../../components/ui/icons';
import { Tabs } from '../../../components/ui/tabs';
import { isApiError, uploadRefusal } from '../../../lib/api-error';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { useSubmitDesign } from '../api/designs-api';

type TextKey = Exclude<QuestionnaireField, 'design_file' | 'features'>;

interface FormValues extends Record<TextKey, string> {
  design_file: File | null;
  features: string[];
}

const TAB_LABELS: Record<DesignTab, string> = {
  haveDesign: 'I Have a Design',
  dontHaveDesign: "I Don't Have a Design",
};

/** The design file's types, the same on the home page and in the customer area (decisions.md D4). */
const FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'pdf'] as const;

/** A signed-in customer's name and phone, which the contact step starts with (the e-mail is the account's). */
type Contact = { name: string; phone: string | null } | null;

function emptyValues(contact: Contact = null): FormValues {
  return {
    title: '',
    email: '',
    description: '',
    design_file: null,
    totalNumber: '',
    features: [],
    interest: '',
    options: '',
    name: contact?.name ?? '',
    company_name: '',
    zip_code: '',
    phone: contact?.phone ?? '',
  };
}

/** The tab's steps; the customer page also asks for a design name (on the upload step, or with the contact details). */
function stepsFor(tab: DesignTab, withTitle: boolean): DesignStep[] {
  const steps = DESIGN_FORM_STEPS[tab].map((s) => ({
    ...s,
    fields: [...s.fields],
    mandatory: [...s.mandatory],
  }));
  if (withTitle) {
    const target = tab === 'haveDesign' ? steps[0]! : steps[steps.length - 1]!;
    target.fields.unshift('title');
    target.mandatory.unshift('title');
  }
  return steps;
}

interface FormContext {
  tab: DesignTab;
  guest: boolean;
  variant: 'home' | 'customer';
}

/** The request's text fields, as the route reads them (the e-mail only from a guest). */
function toInput(values: FormValues, { tab, guest, variant }: FormContext) {
  return {
    selectedTab: tab,
    title: variant === 'customer' ? values.title : undefined,
    email: guest ? values.email : undefined,
    description: values.description,
    totalNumber: values.totalNumber,
    features: values.features,
    interest: values.interest,
    options: values.options,
    name: values.name,
    company_name: values.company_name,
    zip_code: values.zip_code,
    phone: values.phone,
  };
}

/**
 * The route's schema (`designSubmissionFields`: lengths, e-mail and phone formats, choices) and the design file's
 * check (first bytes, type, size), then the step rules of the storefront spec: every mandatory field of a step
 * whose requirement is on (on haveDesign, step 1 always) must be filled. The form asks it for one step's fields
 * at Next, for a field when it is left, and for everything at Submit.
 */
const designResolver: Resolver<FormValues, FormContext> = async (values, context, options) => {
  const ctx = context ?? { tab: 'haveDesign', guest: true, variant: 'home' };
  const check = contractResolver<FormValues>(designSubmissionFields, (v) => toInput(v, ctx), {
    design_file: FILE_RULES.design,
  });
  const result = await check(values, undefined, options as never);
  const errors = { ...result.errors } as Record<string, unknown>;
  stepsFor(ctx.tab, ctx.variant === 'customer').forEach((step, index) => {
    if (!(step.required || (ctx.tab === 'haveDesign' && index === 0))) return;
    for (const field of step.mandatory) {
      if (field === 'email' && !ctx.guest) continue;
      if (field === 'design_file' && ctx.tab !== 'haveDesign') continue;
      if (!errors[field] && !isFilled(values[field]))
        errors[field] = { type: 'required', message: requiredMessage(field) };
    }
  });
  return Object.keys(errors).length
    ? { values: {}, errors: errors as FieldErrors<FormValues> }
    : { values, errors: {} };
};

const TEXT_INPUTS: Partial<Record<QuestionnaireField, { type: string; autoComplete?: string; max: number }>> =
  {
    title: { type: 'text', max: DESIGN_TEXT_LIMITS.title },
    email: { type: 'email', autoComplete: 'email', max: 254 },
    name: { type: 'text', autoComplete: 'name', max: DESIGN_TEXT_LIMITS.name },
    company_name: { type: 'text', autoComplete: 'organization', max: DESIGN_TEXT_LIMITS.company_name },
    zip_code: { type: 'text', autoComplete: 'postal-code', max: DESIGN_TEXT_LIMITS.zip_code },
    phone: { type: 'tel', autoComplete: 'tel', max: DESIGN_TEXT_LIMITS.phone },
  };

export interface DesignFormProps {
  /** 'customer' is the /user/submit-design page: it also asks for a design name. */
  variant?: 'home' | 'customer';
  className?: string;
}

/**
 * The multi-step design questionnaire of the home page (and of the customer's submit page): two tabs,
 * steps with the rules of the storefront spec section 5, and a success screen.
 */
export function DesignForm({ variant = 'home', className }: DesignFormProps) {
  const customer = useCustomer();
  const guest = customer === null;
  const [tab, setTab] = useState<DesignTab>('haveDesign');
  const [step, setStep] = useState(1);
  const [blocked, setBlocked] = useState(false);
  const [submittedSlug, setSubmittedSlug] = useState<string | null>(null);
  const context: FormContext = { tab, guest, variant };
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    reset: resetValues,
    setValue,
    setError,
    formState,
  } = useForm<FormValues, FormContext>({
    resolver: designResolver,
    context,
    defaultValues: emptyValues(customer),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const designFile = useController({ control, name: 'design_file' });
  const watched = useWatch({ control });
  const submit = useSubmitDesign();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const baseId = useId();

  const steps = stepsFor(tab, variant === 'customer');
  const total = steps.length;
  const done = step > total;
  const current = steps[step - 1];
  const stepFields = (current?.fields ?? []).filter((f) => !(f === 'email' && !guest));
  const stepInError = stepFields.some((f) => errors[f]);

  // An account read after the form appeared fills the contact details the form would have started with, where
  // nothing was typed.
  useEffect(() => {
    if (!customer) return;
    if (!getValues('name')) setValue('name', customer.name);
    if (!getValues('phone') && customer.phone) setValue('phone', customer.phone);
  }, [customer, getValues, setValue]);

  // Moving between steps puts focus on the new step's heading, so keyboard and screen reader users follow.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, tab]);

  function reset(nextTab: DesignTab) {
    setTab(nextTab);
    setStep(1);
    resetValues(emptyValues(customer));
    setBlocked(false);
    setSubmittedSlug(null);
  }

  function switchTab(nextTab: DesignTab) {
    if (nextTab === tab || submit.isPending) return;
    moved.current = false;
    reset(nextTab);
  }

  function go(to: number) {
    moved.current = true;
    setBlocked(false);
    setStep(to);
  }

  function buildForm(values: FormValues): FormData {
    const form = new FormData();
    form.append('selectedTab', tab);
    if (guest) form.append('email', values.email.trim());
    for (const field of [
      'title',
      'description',
      'totalNumber',
      'interest',
      'options',
      'name',
      'company_name',
      'zip_code',
      'phone',
    ] as const) {
      if (field === 'title' && variant !== 'customer') continue;
      const value = values[field].trim();
      if (value) form.append(field, value);
    }
    if (values.features.length) form.append('features', JSON.stringify(values.features));
    if (tab === 'haveDesign' && values.design_file)
      form.append('design_file', values.design_file, values.design_file.name);
    return form;
  }

  async function send(values: FormValues) {
    if (submit.isPending) return;
    try {
      const answer = await submit.mutateAsync(buildForm(values));
      toast.success(CUSTOMER_MESSAGES.designSubmitted);
      setSubmittedSlug(answer.design.slug);
      go(total + 1);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      const refusal = uploadRefusal(error);
      const fieldErrors = isApiError(error) && !refusal ? error.firstErrors() : {};
      // The first message of each field error is an error toast (specs, section 8); this step's stand under
      // their fields as well.
      for (const [field, message] of Object.entries(fieldErrors)) {
        toast.error(message);
        if (stepFields.includes(field as QuestionnaireField))
          setError(field as QuestionnaireField, { type: 'server', message });
      }
      if (!Object.keys(fieldErrors).length) toast.error(refusal ?? CUSTOMER_MESSAGES.designSubmitFailed);
    }
  }

  async function onNext() {
    if (!current || submit.isPending) return;
    if (step < total) {
      const ok = await trigger(stepFields, { shouldFocus: true });
      // A refused step's fields are checked again as they change, not only when they are left: a message goes
      // while its field is corrected, and nothing moves under the pointer on the way back to Next.
      if (!ok)
        for (const field of stepFields) setValue(field, getValues(field) as never, { shouldTouch: true });
      setBlocked(!ok);
      if (ok) go(step + 1);
      return;
    }
    await handleSubmit(send, () => setBlocked(true))();
  }

  const showSkip = tab === 'haveDesign' && step > 1 && current !== undefined && !current.required;
  const invalid = (field: QuestionnaireField) => errors[field]?.message;
  const fieldId = (field: string) => `${baseId}-${field}`;

  function renderChoice(field: 'totalNumber' | 'interest' | 'options' | 'features') {
    const options = QUESTIONNAIRE_OPTIONS[field];
    const multiple = field === 'features';
    const error = invalid(field);
    const chosen: unknown = watched[field];
    return (
      <FieldShell
        key={field}
        id={fieldId(field)}
        group
        className="min-w-0"
        error={error}
        required={current?.mandatory.includes(field)}
        label={
          <>
            {QUESTIONNAIRE_LABELS[field]}
            {multiple && <span className="font-normal text-slate-600"> (choose all that apply)</span>}
          </>
        }
      >
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => {
            const checked = multiple ? Array.isArray(chosen) && chosen.includes(option) : chosen === option;
            return (
              <label
                key={option}
                className={cx(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-3 text-sm transition-colors',
                  checked
                    ? 'border-navy-700 bg-navy-50 text-navy-900'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-navy-400',
                  error && !checked && 'border-red-600',
                )}
              >
                <GroupInput
                  type={multiple ? 'checkbox' : 'radio'}
                  value={option}
                  className="size-4 accent-navy-800"
                  {...register(field)}
                />
                {option}
              </label>
            );
          })}
        </div>
      </FieldShell>
    );
  }

  function renderField(field: QuestionnaireField) {
    if (field === 'totalNumber' || field === 'interest' || field === 'options' || field === 'features')
      return renderChoice(field);
    if (field === 'design_file') {
      return (
        <FileField
          key={field}
          id={fieldId(field)}
          framed
          required
          label={QUESTIONNAIRE_LABELS.design_file}
          hint={`${FILE_EXTENSIONS.map((e) => e.toUpperCase()).join(', ')}, up to ${UPLOAD_LIMITS.designFileBytes / 1024 / 1024} MB`}
          accept={FILE_PICKER_ACCEPT.design}
          file={designFile.field.value}
          error={invalid('design_file')}
          onPick={(files) => {
            designFile.field.onChange(files[0] ?? null);
            void trigger('design_file');
          }}
          onRemove={() => {
            designFile.field.onChange(null);
            void trigger('design_file');
          }}
        >
          <UploadIcon className="size-8 text-navy-600" />
        </FileField>
      );
    }
    if (field === 'description') {
      const mandatory = current?.mandatory.includes('description');
      return (
        <TextAreaField
          key={field}
          id={fieldId(field)}
          rows={4}
          maxLength={DESIGN_TEXT_LIMITS.description}
          required={mandatory}
          label={
            <>
              {QUESTIONNAIRE_LABELS.description}
              {!mandatory && <span className="font-normal text-slate-600"> (optional)</span>}
            </>
          }
          placeholder="Tell us about the space, the team and what you need."
          error={invalid('description')}
          {...register('description')}
        />
      );
    }
    const input = TEXT_INPUTS[field]!;
    const readOnly = field === 'email' && !guest;
    return (
      <TextField
        key={field}
        id={fieldId(field)}
        label={QUESTIONNAIRE_LABELS[field]}
        type={input.type}
        autoComplete={input.autoComplete}
        maxLength={input.max}
        hint={readOnly ? 'Your account e-mail is used.' : undefined}
        className={readOnly ? 'bg-slate-100' : undefined}
        required={current?.mandatory.includes(field)}
        error={invalid(field)}
        // A signed-in customer's e-mail is shown, not typed and not sent.
        {...(readOnly ? { value: customer?.email ?? '', readOnly: true } : register(field as TextKey))}
      />
    );
  }

  return (
    <div
      className={cx(
        'rounded-2xl bg-white p-5 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:p-8',
        className,
      )}
    >
      <Tabs
        label="Do you have a design?"
        tabs={DESIGN_TABS.map((t) => ({ key: t, label: TAB_LABELS[t] }))}
        active={tab}
        onChange={switchTab}
        look="segmented"
        panelClassName="mt-6"
      >
        {done ? (
          <div className="flex flex-col items-center py-6 text-center" role="status">
            <CheckCircleIcon className="size-14 text-emerald-600" />
            <h3 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-navy-900 outline-none">
              {CUSTOMER_MESSAGES.designSuccessTitle}
            </h3>
            <p className="mt-2 text-lg text-slate-700">{CUSTOMER_MESSAGES.designSuccessText}</p>
            {submittedSlug && (
              <p className="mt-2 text-sm text-slate-600">
                Your design number is <strong className="text-navy-900">{submittedSlug}</strong>.
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {customer && (
                <Link to="/user/design-status" className={buttonClasses('secondary')}>
                  View My Designs
                </Link>
              )}
              <Button variant="outline" onClick={() => reset(tab)}>
                Submit Another Design
              </Button>
            </div>
          </div>
        ) : (
          current && (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void onNext();
              }}
              aria-labelledby={`${baseId}-step-title`}
            >
              <p className="text-xs font-semibold tracking-wide text-copper-700 uppercase">
                Step {step} of {total}
              </p>
              <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-copper-600 transition-all"
                  style={{ width: `${(step / total) * 100}%` }}
                />
              </div>
              <h3
                id={`${baseId}-step-title`}
                ref={headingRef}
                tabIndex={-1}
                className="mt-4 text-xl font-bold text-navy-900 outline-none"
              >
                {current.title}
                {!current.required && !(tab === 'haveDesign' && step === 1) && (
                  <span className="ml-2 text-sm font-normal text-slate-600">(optional)</span>
                )}
              </h3>

              <div className="mt-5 grid gap-5">{current.fields.map(renderField)}</div>

              {blocked && stepInError && (
                <p
                  role="alert"
                  className="mt-5 flex items-start gap-2 rounded-lg bg-red-50 px-3.5 py-3 text-sm text-red-800"
                >
                  <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
                  {CUSTOMER_MESSAGES.stepBlocked}
                </p>
              )}

              <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
                <Button
                  variant="outline"
                  onClick={() => go(step - 1)}
                  disabled={step === 1 || submit.isPending}
                >
                  Back
                </Button>
                <div className="flex flex-wrap gap-3">
                  {showSkip && (
                    <Button
                      variant="ghost"
                      disabled={submit.isPending}
                      onClick={() => {
                        for (const f of current.fields) {
                          if (f === 'features') setValue('features', []);
                          else if (f !== 'design_file' && f !== 'email') setValue(f, '');
                        }
                        go(step + 1);
                      }}
                    >
                      Skip
                    </Button>
                  )}
                  <Button type="submit" loading={submit.isPending} loadingText="Processing...">
                    {step === total ? 'Submit' : 'Next'}
                  </Button>
                </div>
              </div>
            </form>
          )
        )}
      </Tabs>
      <p className="sr-only" aria-live="polite">
        {submit.isPending ? 'Processing...' : ''}
      </p>
    </div>
  );
}
