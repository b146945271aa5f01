import { SERVER_MESSAGES, VERIFICATION_MESSAGES } from '@shop/contracts';
import { createAccount, JOURNEY_PASSWORD } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, submitLogin, test, uniqueEmail } from './support/fixtures';
import { readMailedLink } from './support/mail';

test('a new customer sees the banner until they follow the link of the verification mail', async ({
  page,
  refusals,
}) => {
  const email = uniqueEmail('verify');
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(JOURNEY_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(JOURNEY_PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(SERVER_MESSAGES.registered)).toBeVisible();

  await page.goto('/user/dashboard');
  const banner = page.getByRole('region', { name: VERIFICATION_MESSAGES.bannerRegion });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: VERIFICATION_MESSAGES.bannerTitle })).toBeVisible();
  await expect(banner).toContainText(email);
  await expectNoSeriousA11yViolations(page, 'the dashboard with the verification banner');
  await banner.getByRole('button', { name: VERIFICATION_MESSAGES.resend }).click();
  await expect(page.getByText(VERIFICATION_MESSAGES.resent)).toBeVisible();

  const link = await readMailedLink(email, 'Verify your e-mail address');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: VERIFICATION_MESSAGES.verifiedTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the verified page');
  await expect(page.getByRole('status').filter({ hasText: VERIFICATION_MESSAGES.verified })).toBeVisible();

  await page.getByRole('link', { name: VERIFICATION_MESSAGES.goToDesigns }).click();
  await expect(page).toHaveURL('/user/design-status');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The link is single-use.
  refusals.push({ status: 410, path: '/api/verify-email' });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: VERIFICATION_MESSAGES.verifyFailedTitle })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: VERIFICATION_MESSAGES.linkUsed })).toBeVisible();
});

test('a verified customer adds a design they sent as a guest through the link of its mail', async ({
  page,
  refusals,
}) => {
  const email = uniqueEmail('claim');
  await createAccount({ email, role: 'user', name: 'Casey Claimer' });
  const sent = await page.request.post('/api/user/design-submissions', {
    multipart: {
      selectedTab: 'dontHaveDesign',
      email,
      totalNumber: '6-10',
      features: JSON.stringify(['Tall Walls']),
      interest: 'New Furniture',
      name: 'Casey Claimer',
      company_name: 'Claim Works',
      zip_code: '10001',
      phone: '(212) 555-0199',
    },
  });
  expect(sent.status()).toBe(201);
  const { slug } = ((await sent.json()) as { design: { slug: string } }).design;

  // Opened signed out: the page asks for the sign-in and comes back afterwards.
  const link = await readMailedLink(email, 'Add it to your account');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: VERIFICATION_MESSAGES.claimTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the claim page of a visitor');
  await page.getByRole('link', { name: VERIFICATION_MESSAGES.logIn }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await submitLogin(page, email, JOURNEY_PASSWORD);

  await expect(page.getByRole('heading', { name: VERIFICATION_MESSAGES.claimedTitle })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: VERIFICATION_MESSAGES.claimed(slug) }),
  ).toBeVisible();
  await page.getByRole('link', { name: VERIFICATION_MESSAGES.viewDesign }).click();
  await expect(page).toHaveURL(`/user/design-status/${slug}`);
  await expect(page.getByText(slug).first()).toBeVisible();

  refusals.push({ status: 410, path: '/api/user/design-claims' });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: VERIFICATION_MESSAGES.claimFailedTitle })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: VERIFICATION_MESSAGES.linkUsed })).toBeVisible();
});
