import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
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
  isFilled,
  type DesignStep,
  type DesignTab,
  type QuestionnaireField,
} from '@shop/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { TextField, inputClasses } from '../../../components/ui/form-field';
import { AlertCircleIcon, CheckCircleIcon, UploadIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-error';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { useSubmitDesign } from '../api/design-calls';

type TextKey = Exclude<QuestionnaireField, 'design_file' | 'features'>;

interface FormValues extends Record<TextKey, string> {
  design_file: File | null;
  features: string[];
}

const TAB_LABELS: Record<DesignTab, string> = {
  haveDesign: 'I Have a Design',
  dontHaveDesign: "I Don't Have a Design",
};

const FILE_EXTENSIONS = {
  home: ['png', 'jpg', 'jpeg', 'webp', 'pdf'],
  customer: ['png', 'jpg', 'jpeg', 'pdf'],
} as const;

const REQUIRED_TEXT = 'This field is required.';

function emptyValues(): FormValues {
  return {
    title: '',
    email: '',
    description: '',
    design_file: null,
    totalNumber: '',
    features: [],
    interest: '',
    options: '',
    name: '',
    company_name: '',
    zip_code: '',
    phone: '',
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

/** The fields of a step that stop it from proceeding; a step whose requirement is off never does. */
function missingFields(
  step: DesignStep,
  values: FormValues,
  opts: { tab: DesignTab; index: number; guest: boolean },
) {
  const required = step.required || (opts.tab === 'haveDesign' && opts.index === 0);
  if (!required) return [];
  return step.mandatory.filter((field) => !(field === 'email' && !opts.guest) && !isFilled(values[field]));
}

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
  const [values, setValues] = useState<FormValues>(() => emptyValues());
  const [blocked, setBlocked] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submittedSlug, setSubmittedSlug] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const submit = useSubmitDesign();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const baseId = useId();

  const steps = stepsFor(tab, variant === 'customer');
  const total = steps.length;
  const done = step > total;
  const current = steps[step - 1];
  const missing = current ? missingFields(current, values, { tab, index: step - 1, guest }) : [];

  // Moving between steps puts focus on the new step's heading, so keyboard and screen reader users follow.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, tab]);

  function reset(nextTab: DesignTab) {
    setTab(nextTab);
    setStep(1);
    setValues(emptyValues());
    setBlocked(false);
    setFileError(null);
    setSubmittedSlug(null);
    setFileInputKey((k) => k + 1);
  }

  function switchTab(nextTab: DesignTab) {
    if (nextTab === tab || submit.isPending) return;
    moved.current = false;
    reset(nextTab);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = DESIGN_TABS[(DESIGN_TABS.indexOf(tab) + 1) % DESIGN_TABS.length]!;
    switchTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  function set<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
  }

  function go(to: number) {
    moved.current = true;
    setBlocked(false);
    setStep(to);
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setFileError(null);
    if (!file) return;
    const ext = (file.name.split('.').pop() ?? '').toLowerCase();
    if (!(FILE_EXTENSIONS[variant] as readonly string[]).includes(ext)) {
      setFileError(`The design file must be a file of type: ${FILE_EXTENSIONS[variant].join(', ')}.`);
      event.target.value = '';
      return;
    }
    if (file.size > UPLOAD_LIMITS.designFileBytes) {
      setFileError(
        `The design file may not be greater than ${UPLOAD_LIMITS.designFileBytes / 1024 / 1024} MB.`,
      );
      event.target.value = '';
      return;
    }
    set('design_file', file);
  }

  function buildForm(): FormData {
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!current || submit.isPending) return;
    if (missing.length) {
      setBlocked(true);
      return;
    }
    if (step < total) {
      go(step + 1);
      return;
    }
    try {
      const answer = await submit.mutateAsync(buildForm());
      toast.success(CUSTOMER_MESSAGES.designSubmitted);
      setSubmittedSlug(answer.design.slug);
      go(total + 1);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      const messages = isApiError(error) ? Object.values(error.firstErrors()) : [];
      if (messages.length) messages.forEach((m) => toast.error(m));
      else toast.error(CUSTOMER_MESSAGES.designSubmitFailed);
    }
  }

  const showSkip = tab === 'haveDesign' && step > 1 && current !== undefined && !current.required;
  const invalid = (field: QuestionnaireField) =>
    blocked && missing.includes(field) ? REQUIRED_TEXT : undefined;
  const fieldId = (field: string) => `${baseId}-${field}`;

  function renderChoice(field: 'totalNumber' | 'interest' | 'options' | 'features') {
    const options = QUESTIONNAIRE_OPTIONS[field];
    const multiple = field === 'features';
    const error = invalid(field);
    return (
      <fieldset
        key={field}
        className="min-w-0"
        aria-describedby={error ? `${fieldId(field)}-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-navy-900">
          {QUESTIONNAIRE_LABELS[field]}
          {multiple && <span className="font-normal text-slate-600"> (choose all that apply)</span>}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => {
            const checked = multiple ? values.features.includes(option) : values[field as TextKey] === option;
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
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`${baseId}-${field}`}
                  value={option}
                  checked={checked}
                  className="size-4 accent-navy-800"
                  onChange={(e) => {
                    if (multiple) {
                      set(
                        'features',
                        e.target.checked
                          ? [...values.features, option]
                          : values.features.filter((f) => f !== option),
                      );
                    } else set(field as TextKey, option);
                  }}
                />
                {option}
              </label>
            );
          })}
        </div>
        {error && (
          <p id={`${fieldId(field)}-error`} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
    );
  }

  function renderField(field: QuestionnaireField) {
    if (field === 'totalNumber' || field === 'interest' || field === 'options' || field === 'features')
      return renderChoice(field);
    if (field === 'design_file') {
      const error = fileError ?? invalid('design_file');
      return (
        <div key={field}>
          <label htmlFor={fieldId(field)} className="mb-1.5 block text-sm font-medium text-navy-900">
            {QUESTIONNAIRE_LABELS.design_file}
            <span className="text-red-700" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <div
            className={cx(
              'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center',
              error ? 'border-red-600' : 'border-slate-300',
            )}
          >
            <UploadIcon className="size-8 text-navy-600" />
            <input
              key={fileInputKey}
              id={fieldId(field)}
              type="file"
              accept={variant === 'customer' ? FILE_PICKER_ACCEPT.customerDesign : FILE_PICKER_ACCEPT.design}
              onChange={onFileChange}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId(field)}-hint${error ? ` ${fieldId(field)}-error` : ''}`}
              className="block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-navy-900 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-navy-800"
            />
            <p id={`${fieldId(field)}-hint`} className="text-xs text-slate-600">
              {FILE_EXTENSIONS[variant].map((e) => e.toUpperCase()).join(', ')}, up to{' '}
              {UPLOAD_LIMITS.designFileBytes / 1024 / 1024} MB
            </p>
            {values.design_file && (
              <p className="text-sm font-medium text-navy-900">
                Selected: <span className="break-all">{values.design_file.name}</span>
              </p>
            )}
          </div>
          {error && (
            <p id={`${fieldId(field)}-error`} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      );
    }
    if (field === 'description') {
      const error = invalid('description');
      const mandatory = current?.mandatory.includes('description');
      return (
        <div key={field}>
          <label htmlFor={fieldId(field)} className="mb-1.5 block text-sm font-medium text-navy-900">
            {QUESTIONNAIRE_LABELS.description}
            {mandatory ? (
              <span className="text-red-700" aria-hidden="true">
                {' '}
                *
              </span>
            ) : (
              <span className="font-normal text-slate-600"> (optional)</span>
            )}
          </label>
          <textarea
            id={fieldId(field)}
            rows={4}
            maxLength={DESIGN_TEXT_LIMITS.description}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId(field)}-error` : undefined}
            placeholder="Tell us about the space, the team and what you need."
            className={cx(inputClasses, error ? 'border-red-600' : 'border-slate-300')}
          />
          {error && (
            <p id={`${fieldId(field)}-error`} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
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
        // A signed-in customer's e-mail is shown, not typed and not sent.
        value={readOnly ? (customer?.email ?? '') : values[field as TextKey]}
        readOnly={readOnly}
        hint={readOnly ? 'Your account e-mail is used.' : undefined}
        className={readOnly ? 'bg-slate-100' : undefined}
        required={current?.mandatory.includes(field)}
        error={invalid(field)}
        onChange={(e) => set(field as TextKey, e.target.value)}
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
      <div
        role="tablist"
        aria-label="Do you have a design?"
        className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      >
        {DESIGN_TABS.map((t) => (
          <button
            key={t}
            id={`${baseId}-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => switchTab(t)}
            onKeyDown={onTabKeyDown}
            className={cx(
              'rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors',
              tab === t ? 'bg-white text-navy-900 shadow-sm' : 'text-slate-700 hover:text-navy-900',
            )}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>

      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className="mt-6">
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
            <form noValidate onSubmit={onSubmit} aria-labelledby={`${baseId}-step-title`}>
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

              {blocked && missing.length > 0 && (
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
                        const skipped = current.fields;
                        setValues((v) => {
                          const next = { ...v };
                          for (const f of skipped) {
                            if (f === 'features') next.features = [];
                            else if (f !== 'design_file' && f !== 'email') next[f] = '';
                          }
                          return next;
                        });
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
      </div>
      <p className="sr-only" aria-live="polite">
        {submit.isPending ? 'Processing...' : ''}
      </p>
    </div>
  );
}
