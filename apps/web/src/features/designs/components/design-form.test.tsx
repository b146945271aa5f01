import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { Toaster } from '../../../components/ui/toaster';
import { clearToasts } from '../../../lib/toast';
import { DesignForm } from './design-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DesignForm />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const next = () => screen.getByRole('button', { name: 'Next' });

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
    fetchMock.mockResolvedValue(
      answer(201, {
        message: 'ok',
        design: { slug: 'DS-2026-000001', title: 't', status: 'pending', created_at: '' },
      }),
    );
    renderForm();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent(CUSTOMER_MESSAGES.stepBlocked);
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();

    const file = new File(['png'], 'plan.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/^Design file/), file);
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
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/design-submissions');
    const sent = init.body as FormData;
    expect(Object.fromEntries([...sent.keys()].map((k) => [k, sent.get(k)]))).toMatchObject({
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
    expect((sent.get('design_file') as File).name).toBe('plan.png');
    expect(sent.has('totalNumber')).toBe(false);
    expect(sent.has('interest')).toBe(false);
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

  it('shows the first message of each field error, or the generic failure', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      answer(422, {
        message: 'bad',
        errors: { phone: ['The phone must be a valid phone number.', 'x'], zip_code: ['Bad zip.'] },
      }),
    );
    fetchMock.mockResolvedValueOnce(answer(429, { message: 'Too many attempts. Please try again later.' }));
    renderForm();
    await user.click(screen.getByRole('tab', { name: "I Don't Have a Design" }));
    await user.click(screen.getByRole('radio', { name: '1-2' }));
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: 'Tall Walls' }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'New Furniture' }));
    await user.click(next());
    await user.click(next());
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The phone must be a valid phone number.')).toBeInTheDocument();
    expect(screen.getByText('Bad zip.')).toBeInTheDocument();
    expect(screen.queryByText('x')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.designSubmitFailed)).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  });
});
