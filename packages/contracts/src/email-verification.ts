import { z } from 'zod';
import { textRefusal } from './common';

/** A token from a mailed link: 256 random bits, base64url (43 characters); anything longer is refused. */
export const linkTokenField = z
  .string({ error: textRefusal('token') })
  .min(1, 'The token field is required.')
  .max(200, 'The token may not be greater than 200 characters.');

export const verifyEmailRequest = z.object({ token: linkTokenField });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

export const verifyEmailResponse = z.object({
  message: z.string(),
  /** How many guest designs sent with the address were added to the account. */
  claimed_designs: z.number().int(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const claimDesignRequest = z.object({ token: linkTokenField });
export type ClaimDesignRequest = z.infer<typeof claimDesignRequest>;

export const claimDesignResponse = z.object({
  message: z.string(),
  design: z.object({ slug: z.string() }),
});
export type ClaimDesignResponse = z.infer<typeof claimDesignResponse>;
