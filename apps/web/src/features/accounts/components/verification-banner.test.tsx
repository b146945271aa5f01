import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES, type User } from '@shop/contracts';
import { queryClient } from '../../../lib/query-client';
import { customerSession } from '../../../lib/sessions';
import { clearToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { answer, server } from '../../../test/server';
import VerifyEmailPage from '../pages/verify-email-page';
import { VerificationBanner } from './verification-banner';

const unverified: User = {
  id: 7,
  name: 'Casey',
  email: 'casey@example.com',
  phone: null,
  photo_url: null,
  role_type: 'user',
  email_verified: false,
};

/** The banner in the app's own query cache, as the app mounts it (the cache then follows the window's focus). */
function renderBanner(ui = <VerificationBanner />, route = '/user/dashboard') {
  return renderWithProviders(ui, { route, queryClient });
}

const banner = () => screen.queryByRole('region', { name: VERIFICATION_MESSAGES.bannerRegion });

/** The customer comes back to this tab or window (the browser says its page is visible again). */
function comeBack() {
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  customerSession.clear();
  queryClient.clear();
  clearToasts();
});

describe('VerificationBanner', () => {
  it('goes once the address was verified on another device, when the customer comes back to the window', async () => {
    customerSession.signIn('session-token', unverified);
    const reads = answer('get', '/api/user', () => HttpResponse.json({ data: unverified }));
    renderBanner();
    expect(banner()).toHaveTextContent(unverified.email);
    // Showing the account reads nothing: sign-in (or startup) has just read it.
    expect(reads).toHaveLength(0);

    comeBack();
    await waitFor(() => expect(reads).toHaveLength(1));
    expect(banner()).toBeVisible();

    // The link of the mail is followed on the phone.
    server.use(
      http.get('/api/user', () => HttpResponse.json({ data: { ...unverified, email_verified: true } })),
    );
    comeBack();
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('goes in this browser once its own verification link was followed', async () => {
    customerSession.signIn('session-token', unverified);
    answer('post', '/api/verify-email', () =>
      HttpResponse.json({ message: VERIFICATION_MESSAGES.verified, claimed_designs: 0 }),
    );
    answer('get', '/api/user', () => HttpResponse.json({ data: { ...unverified, email_verified: true } }));
    renderBanner(
      <>
        <VerificationBanner />
        <VerifyEmailPage />
      </>,
      '/verify-email?token=abc',
    );
    expect(banner()).toBeVisible();
    expect(await screen.findByRole('heading', { name: VERIFICATION_MESSAGES.verifiedTitle })).toBeVisible();
    await screen.findByRole('link', { name: VERIFICATION_MESSAGES.goToDesigns });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('goes when the server says the address is verified already, on mailing the link again', async () => {
    const user = userEvent.setup();
    customerSession.signIn('session-token', unverified);
    answer('post', '/api/user/email-verification', () =>
      HttpResponse.json({ message: VERIFICATION_MESSAGES.alreadyVerified }, { status: 409 }),
    );
    answer('get', '/api/user', () => HttpResponse.json({ data: { ...unverified, email_verified: true } }));
    renderBanner();
    await user.click(screen.getByRole('button', { name: VERIFICATION_MESSAGES.resend }));
    await waitFor(() => expect(banner()).toBeNull());
  });
});
