import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts } from '../../lib/toast';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { NewsletterForm } from './newsletter-form';

afterEach(() => clearToasts());

describe('NewsletterForm', () => {
  it("says the route's refusal of the address under the field, tied to it, until the next attempt", async () => {
    const refusal = 'The email must be a valid email address.';
    server.use(
      http.post('/api/newsletter', () =>
        HttpResponse.json({ message: refusal, errors: { email: [refusal] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);
    const field = screen.getByLabelText('Email address');
    await user.type(field, 'name@localhost');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(refusal);

    // The next attempt, taken, clears it.
    server.use(http.post('/api/newsletter', () => HttpResponse.json({ message: 'Please confirm.' })));
    await user.clear(field);
    await user.type(field, 'name@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
