import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, DESIGN_SERVER_MESSAGES, UPLOAD_MESSAGES, requiredMessage } from '@shop/contracts';
import { Toaster } from '../../../components/ui/toaster';
import { customerSession } from '../../../lib/sessions';
import { clearToasts } from '../../../lib/toast';
import { testCustomer } from '../../../test/accounts';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { DesignForm } from './design-form';

function renderForm() {
  return renderWithProviders(
    <>
      <DesignForm />
      <Toaster />
    </>,
  );
}

const SUBMISSIONS = '/api/user/design-submissions';

/**
 * The multipart body as FormData, read here rather than with `request.formData()`: on Node 24, undici's parser
 * refuses a file part when jsdom's File is the global one (an assertion inside undici, not the form's fault).
 */
async function formDataOf(request: Request): Promise<FormData> {
  const boundary = /boundary=([^;]+)/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart body');
  const bytes = new Uint8Array(await request.arrayBuffer());
  const text = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  const form = new FormData();
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(2, split);
    const body = part.slice(split + 4, -2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const raw = Uint8Array.from(body, (c) => c.charCodeAt(0));
    if (filename === undefined) form.append(name, new TextDecoder().decode(raw));
    else form.append(name, new File([raw], filename, { type: /content-type: (.+)/i.exec(head)?.[1] ?? '' }));
  }
  return form;
}

/** Answers each submission with the next of `answers`, and keeps what was sent. */
function answerSubmissions(...answers: { status: number; body: unknown }[]) {
  const sent: FormData[] = [];
  server.use(
    http.post(SUBMISSIONS, async ({ request }) => {
      sent.push(await formDataOf(request));
      const next = answers.shift() ?? { status: 500, body: { message: 'no answer left' } };
      return HttpResponse.json(next.body as object, { status: next.status });
    }),
  );
  return sent;
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], name, {
    type: 'image/png',
  });

afterEach(() => clearToasts());

const next = () => screen.getByRole('button', { name: 'Next' });

/** The "I Don't Have a Design" tab's answers up to its contact step. */
async function toContactStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: "I Don't Have a Design" }));
  await user.click(screen.getByRole('radio', { name: '1-2' }));
  await user.click(next());
  await user.click(screen.getByRole('checkbox', { name: 'Tall Walls' }));
  await user.click(next());
  await user.click(screen.getByRole('radio', { name: 'New Furniture' }));
  await user.click(next());
  await user.click(next());
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pat Guest');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'pat@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme');
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '94107');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555 010 2000');
}

describe('DesignForm', () => {
  it('blocks a mandatory step, offers Skip only on optional haveDesign steps and submits what was filled', async () => {
    const user = userEvent.setup();
    const sent = answerSubmissions({
      status: 201,
      body: {
        message: 'ok',
        design: { slug: 'DS-2026-000001', title: 't', status: 'pending', created_at: '' },
      },
    });
    renderForm();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(CUSTOMER_MESSAGES.stepBlocked);
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Design file/)).toHaveAccessibleDescription(requiredMessage('design_file'));

    await user.upload(screen.getByLabelText(/^Design file/), png('plan.png'));
    await user.type(screen.getByLabelText(/Description/), 'Twelve desks');
    await user.click(next());
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('checkbox', { name: 'Low Walls' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pedestals' }));
    await user.click(next());
    await user.click(
      within(screen.getByRole('group', { name: 'Options' })).getByRole('radio', { name: 'Both' }),
    );
    await user.click(next());
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByRole('heading', { name: CUSTOMER_MESSAGES.designSuccessTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(CUSTOMER_MESSAGES.designSuccessText)).toBeInTheDocument();
    expect(await screen.findByText(CUSTOMER_MESSAGES.designSubmitted)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(Object.fromEntries([...form.keys()].map((k) => [k, form.get(k)]))).toMatchObject({
      selectedTab: 'haveDesign',
      email: 'pat@example.com',
      description: 'Twelve desks',
      features: JSON.stringify(['Low Walls', 'Pedestals']),
      options: 'Both',
      name: 'Pat Guest',
      company_name: 'Acme',
      zip_code: '94107',
      phone: '555 010 2000',
    });
    // The picked file goes with it (jsdom's FormData reaches MSW without the file's name and exact bytes).
    expect(form.get('design_file')).toMatchObject({ size: expect.any(Number) });
    expect(form.has('totalNumber')).toBe(false);
    expect(form.has('interest')).toBe(false);
  });

  it('clears every field and returns to step 1 when the tab changes', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Description/), 'something');
    await user.click(screen.getByRole('tab', { name: "I Don't Have a Design" }));
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3-5' }));
    await user.click(next());
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'I Have a Design' }));
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: "I Don't Have a Design" }));
    expect(screen.getByRole('radio', { name: '3-5' })).not.toBeChecked();
  });

  it('marks each choice of a blocked mandatory group invalid, and none once one is chosen', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('tab', { name: "I Don't Have a Design" }));
    const radios = () => screen.getAllByRole('radio');
    for (const radio of radios()) expect(radio).not.toHaveAttribute('aria-invalid');
    await user.click(next());
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: /^Number of workstations/ });
    expect(group).toHaveAccessibleDescription(requiredMessage('totalNumber'));
    expect(radios().length).toBeGreaterThan(1);
    for (const radio of radios()) expect(radio).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('radio', { name: '3-5' }));
    for (const radio of radios()) expect(radio).not.toHaveAttribute('aria-invalid');
    expect(group).not.toHaveAccessibleDescription(requiredMessage('totalNumber'));
  });

  it('shows the first message of each field error, or the generic failure', async () => {
    const user = userEvent.setup();
    answerSubmissions(
      {
        status: 422,
        body: {
          message: 'bad',
          errors: { phone: ['The phone must be a valid phone number.', 'x'], zip_code: ['Bad zip.'] },
        },
      },
      { status: 429, body: { message: 'Too many attempts. Please try again later.' } },
    );
    renderForm();
    await toContactStep(user);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Each field's first message is an error toast, and stands under its field.
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('The phone must be a valid phone number.')).toBeInTheDocument();
    expect(await within(messages).findByText('Bad zip.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'The phone must be a valid phone number.',
    );
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAccessibleDescription('Bad zip.');
    expect(screen.queryByText('x')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.designSubmitFailed)).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  });

  it('shows the server’s reason when the upload is refused: disk nearly full, upload rate used up', async () => {
    const user = userEvent.setup();
    answerSubmissions(
      { status: 507, body: { message: UPLOAD_MESSAGES.diskLow } },
      { status: 429, body: { message: UPLOAD_MESSAGES.rateQuota } },
      {
        status: 413,
        body: {
          message: UPLOAD_MESSAGES.storageQuota(500),
          errors: { design_file: [UPLOAD_MESSAGES.storageQuota(500)] },
        },
      },
    );
    renderForm();
    await toContactStep(user);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(UPLOAD_MESSAGES.diskLow)).toBeInTheDocument();
    expect(screen.queryByText(CUSTOMER_MESSAGES.designSubmitFailed)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(UPLOAD_MESSAGES.rateQuota)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(UPLOAD_MESSAGES.storageQuota(500))).toBeInTheDocument();
  });

  it('checks the file by its first bytes at the file step: a renamed non-image is refused until replaced', async () => {
    const user = userEvent.setup();
    renderForm();
    const picker = screen.getByLabelText(/^Design file/);
    await user.upload(picker, new File(['MZ this is a program'], 'plan.png', { type: 'image/png' }));
    expect(await screen.findByText(DESIGN_SERVER_MESSAGES.designFileType)).toBeVisible();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/Description/), 'Twelve desks');
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(CUSTOMER_MESSAGES.stepBlocked);
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();

    await user.upload(picker, png('plan.png'));
    expect(await screen.findByText('plan.png')).toBeInTheDocument();
    expect(screen.queryByText(DESIGN_SERVER_MESSAGES.designFileType)).toBeNull();
    await user.click(next());
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('takes a WebP plan in the customer area as on the home page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm variant="customer" />);
    const picker = screen.getByLabelText(/^Design file/);
    expect(screen.getByText('PNG, JPG, JPEG, WEBP, PDF, up to 20 MB')).toBeInTheDocument();
    const webp = new File(
      [new Uint8Array([...'RIFF\x24\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)))],
      'plan.webp',
      {
        type: 'image/webp',
      },
    );
    await user.upload(picker, webp);
    expect(await screen.findByText('plan.webp')).toBeInTheDocument();
    expect(picker).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('starts a signed-in customer’s contact details with the account’s name and phone; the e-mail is the account’s', async () => {
    const user = userEvent.setup();
    customerSession.signIn('customer-token', { ...testCustomer, phone: '+1 (212) 555-0142' }, true);
    try {
      renderForm();
      await toContactStep(user);
      expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(testCustomer.name);
      expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('+1 (212) 555-0142');
      expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(testCustomer.email);
      expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('readonly');
      expect(screen.getByRole('textbox', { name: /^Company/ })).toHaveValue('');
    } finally {
      customerSession.clear();
    }
  });

  it('says a malformed e-mail as soon as the field is left, before Submit', async () => {
    const user = userEvent.setup();
    const sent = answerSubmissions();
    renderForm();
    await toContactStep(user);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'pat@example');
    await user.tab();
    expect(email).toHaveAccessibleDescription('The email must be a valid email address.');
    await user.type(email, '.com');
    expect(email).not.toHaveAccessibleDescription('The email must be a valid email address.');
    expect(sent).toHaveLength(0);
  });
});
