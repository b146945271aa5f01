import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, VERIFICATION_MESSAGES, type User } from '@shop/contracts';
import { Toaster } from '../../../components/ui/toaster';
import { customerSession } from '../../../lib/sessions';
import { clearToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { VerificationBanner } from '../components/verification-banner';
import ClaimDesignPage from './claim-design-page';
import ResetPasswordPage from './reset-password-page';
import VerifyEmailPage from './verify-email-page';

const customer: User = {
  id: 7,
  name: 'Casey',
  email: 'casey@example.com',
  phone: null,
  photo_url: null,
  role_type: 'user',
  email_verified: false,
};

/** The page at that address, in Strict Mode (effects run twice), with the app's toasts. */
function renderAt(path: string, ui: ReactNode) {
  return renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
    { route: path, strict: true },
  );
}

/** The API calls the page made. */
let received: Request[] = [];
/** Every API call answers this status and body from now on. */
function answer(status: number, body: unknown) {
  server.use(http.all('/api/*', () => HttpResponse.json(body as object, { status })));
}
beforeEach(() => {
  received = [];
  server.events.on('request:start', ({ request }) => void received.push(request));
});
afterEach(() => {
  server.events.removeAllListeners();
  clearToasts();
  customerSession.clear();
});

/**
 * Answers once a request sent now has been answered: a request the page started while rendering has reached the
 * mock server by then, so a check that the page sent nothing can follow it.
 */
async function settled() {
  server.use(http.get('/test/barrier', () => HttpResponse.text('')));
  await fetch(new URL('/test/barrier', window.location.origin));
  received = received.filter((request) => new URL(request.url).pathname !== '/test/barrier');
}

const calls = (path: string) => received.filter((request) => new URL(request.url).pathname === path);

describe('VerifyEmailPage', () => {
  it('sends the single-use token once, even under Strict Mode, and shows the outcome', async () => {
    answer(200, { message: VERIFICATION_MESSAGES.verified, claimed_designs: 0 });
    renderAt('/verify-email?token=abc', <VerifyEmailPage />);
    expect(await screen.findByRole('heading', { name: VERIFICATION_MESSAGES.verifiedTitle })).toBeVisible();
    expect(screen.getByText(VERIFICATION_MESSAGES.verified)).toBeVisible();
    const sent = calls('/api/verify-email');
    expect(sent).toHaveLength(1);
    expect(await sent[0]!.json()).toEqual({ token: 'abc' });
  });

  it('offers Try again after a server error (the token is unused), which sends it again; not after a refusal', async () => {
    const user = userEvent.setup();
    answer(503, { message: 'Service unavailable.' });
    renderAt('/verify-email?token=abc', <VerifyEmailPage />);
    await screen.findByRole('heading', { name: VERIFICATION_MESSAGES.verifyFailedTitle });
    answer(200, { message: VERIFICATION_MESSAGES.verified, claimed_designs: 0 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: VERIFICATION_MESSAGES.verifiedTitle })).toBeVisible();
    expect(calls('/api/verify-email')).toHaveLength(2);
  });

  it("shows the server's refusal of a used link", async () => {
    answer(410, { message: VERIFICATION_MESSAGES.linkUsed });
    renderAt('/verify-email?token=abc', <VerifyEmailPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_MESSAGES.linkUsed);
    expect(screen.getByRole('heading', { name: VERIFICATION_MESSAGES.verifyFailedTitle })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('refuses a link without a token without calling the server', async () => {
    renderAt('/verify-email', <VerifyEmailPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFICATION_MESSAGES.linkMissing);
    await settled();
    expect(received).toEqual([]);
  });
});

describe('ClaimDesignPage', () => {
  it('asks a visitor to log in, coming back to the claim afterwards, and claims nothing yet', async () => {
    renderAt('/claim-design?token=t1', <ClaimDesignPage />);
    expect(screen.getByText(VERIFICATION_MESSAGES.claimSignIn)).toBeVisible();
    expect(screen.getByRole('link', { name: VERIFICATION_MESSAGES.logIn })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/claim-design?token=t1')}`,
    );
    await settled();
    expect(received).toEqual([]);
  });

  it('offers the verification link again when the address is not verified yet', async () => {
    customerSession.signIn('session-token', customer);
    answer(403, { message: VERIFICATION_MESSAGES.claimNeedsVerifiedEmail });
    renderAt('/claim-design?token=t1', <ClaimDesignPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_MESSAGES.claimNeedsVerifiedEmail);
    expect(screen.getByRole('button', { name: VERIFICATION_MESSAGES.resend })).toBeVisible();
    expect(calls('/api/user/design-claims')).toHaveLength(1);
  });
});

describe('VerificationBanner', () => {
  it('shows for an unverified customer and mails the link again', async () => {
    const user = userEvent.setup();
    customerSession.signIn('session-token', customer);
    answer(200, { message: VERIFICATION_MESSAGES.resent });
    renderAt('/user/dashboard', <VerificationBanner />);
    const banner = screen.getByRole('region', { name: VERIFICATION_MESSAGES.bannerRegion });
    expect(banner).toHaveTextContent(customer.email);
    await user.click(screen.getByRole('button', { name: VERIFICATION_MESSAGES.resend }));
    expect(await screen.findByText(VERIFICATION_MESSAGES.resent)).toBeVisible();
    expect(calls('/api/user/email-verification')).toHaveLength(1);
  });

  it('is absent once the address is verified', () => {
    customerSession.signIn('session-token', { ...customer, email_verified: true });
    renderAt('/user/dashboard', <VerificationBanner />);
    expect(screen.queryByRole('region', { name: VERIFICATION_MESSAGES.bannerRegion })).toBeNull();
  });
});

describe('the reset link', () => {
  const link = '/reset-password?token=abc123&email=casey%40example.com';

  it('says a spent or expired link can no longer be used as soon as it is opened, and leads to a new one', async () => {
    answer(422, {
      message: SERVER_MESSAGES.resetTokenInvalid,
      errors: { email: [SERVER_MESSAGES.resetTokenInvalid] },
    });
    renderAt(link, <ResetPasswordPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    // Asked once, with the link's address and token, though Strict Mode mounts the page twice.
    const checks = received.filter((r) => r.url.endsWith('/api/reset-password/check'));
    expect(checks).toHaveLength(1);
    expect(await checks[0]!.clone().json()).toEqual({ email: 'casey@example.com', token: 'abc123' });
  });

  it('shows the form of a link that can be used, and of one that could not be checked', async () => {
    answer(200, { valid: true });
    const { unmount } = renderAt(link, <ResetPasswordPage />);
    expect(await screen.findByLabelText(/New password/)).toBeInTheDocument();
    unmount();
    server.use(http.post('/api/reset-password/check', () => HttpResponse.error()));
    renderAt(link, <ResetPasswordPage />);
    expect(await screen.findByLabelText(/New password/)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Update Password' });
    expect(screen.queryByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    expect(screen.queryByText('This link can no longer be used')).toBeNull();
  });
});
