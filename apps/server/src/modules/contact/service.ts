import type { z } from 'zod';
import { CONTACT_MESSAGES, type contactRequest } from '@shop/contracts';
import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema/contact';
import { networkOf } from '../../platform/client-address';
import { enqueueMail, simpleHtml } from '../../platform/mail/queue';
import { cutText } from '../../platform/text-input';

type ContactInput = z.output<typeof contactRequest>;

/** Stores the message and queues it to the shop's inbox in the same transaction. */
export async function submitContactMessage(
  ctx: AppContext,
  input: ContactInput,
  ip: string,
): Promise<string> {
  await ctx.limits.consume('contact', networkOf(ip));
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        message: input.message,
      })
      .returning({ id: contactMessages.id });
    const from = `${input.firstName} ${input.lastName}`;
    const lines = [
      `New message from the contact form of ${ctx.config.appName}.`,
      `Name: ${from}`,
      `E-mail: ${input.email}`,
      `Phone: ${input.phone}`,
      `Message:\n${input.message}`,
    ];
    await enqueueMail(tx, {
      to: ctx.config.shopInbox,
      subject: cutText(`Contact form: ${from}`, 200),
      text: lines.join('\n\n'),
      html: simpleHtml(ctx.config.appName, lines, {
        label: `Reply to ${from}`,
        url: `mailto:${input.email}`,
      }),
      // The shop answers from its mail client: Reply writes to the visitor, not to the no-reply sender.
      replyTo: input.email,
      kind: 'contact_message',
      ref: String(row!.id),
    });
  });
  return CONTACT_MESSAGES.sent;
}
