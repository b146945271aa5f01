// The texts of e-mail verification and design claim links, apart from messages.ts (the public pages' first load).

/** E-mail verification and the claim link of a guest's design. */
export const VERIFICATION_MESSAGES = {
  bannerTitle: 'Please verify your e-mail address',
  /** The banner's landmark name (kept apart from 'e-mail', the label of the forms' address fields). */
  bannerRegion: 'Address verification',
  banner: (email: string) =>
    `We sent a link to ${email}. Until you follow it, designs sent as a guest with this address stay out of your account.`,
  resend: 'Send the link again',
  resending: 'Sending...',
  resent: 'We sent a new verification link. It is valid for 24 hours.',
  alreadyVerified: 'Your e-mail address is already verified.',
  verifying: 'Verifying your e-mail address...',
  verified: 'Your e-mail address is verified.',
  verifiedWithDesigns: (n: number) =>
    `Your e-mail address is verified. ${n === 1 ? 'One design' : `${n} designs`} you sent as a guest ${n === 1 ? 'is' : 'are'} now in your account.`,
  linkInvalid: 'This link is invalid.',
  linkUsed: 'This link has already been used.',
  linkExpired: 'This link has expired.',
  linkMissing: 'Invalid or missing link.',
  /** The account's address changed since the link was mailed. */
  linkStale: 'This link was sent to an address that is no longer your account’s.',
  claiming: 'Adding the design to your account...',
  claimed: (slug: string) => `Design ${slug} is now in your account.`,
  claimSignIn:
    'Log in (or create an account) with the e-mail address the design was sent with to add it to your account.',
  claimNeedsVerifiedEmail:
    'Verify your e-mail address first: follow the link we mailed you. Every design sent as a guest with it is then added to your account.',
  claimOtherEmail: 'This design was sent with another e-mail address. Log in with that address to add it.',
  claimAlreadyOwned: 'This design already belongs to an account.',
  verifyTitle: 'Verify your e-mail address',
  verifiedTitle: 'E-mail address verified',
  verifyFailedTitle: 'We could not verify your e-mail address',
  claimTitle: 'Add a design to your account',
  claimedTitle: 'Design added',
  claimFailedTitle: 'We could not add the design',
  goToDesigns: 'Go to your designs',
  viewDesign: 'View the design',
  logIn: 'Log in',
  createAccount: 'Create an account',
  failed: 'Something went wrong. Please try again.',
} as const;
