import { parseArgs } from 'node:util';
import { emailField, passwordField } from '@shop/contracts';
import { openRuntime } from '../bootstrap';
import { loadConfig } from '../config';
import { createAdmin } from '../modules/accounts/service';
import { passwordWeakness } from '../platform/auth/password-strength';
import { errorSummary } from '../platform/log-redaction';

/**
 * npm run admin:create -- --email ops@shop.example --name "Ops" --password '...'
 * Works on the embedded database and on DATABASE_URL alike. ADMIN_PASSWORD may replace --password.
 */
async function run() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  const email = emailField.safeParse(values.email ?? '');
  const password = passwordField.safeParse(values.password ?? process.env.ADMIN_PASSWORD ?? '');
  if (!email.success || !password.success) {
    console.error(
      'Usage: npm run admin:create -- --email <email> --name <name> --password <at least 8 characters>',
    );
    process.exit(2);
  }
  const name = values.name?.trim() || 'Administrator';
  const weakness = passwordWeakness(password.data, { email: email.data, name });
  if (weakness) {
    console.error(`Password refused: ${weakness}`);
    process.exit(2);
  }
  const runtime = await openRuntime(loadConfig());
  try {
    const admin = await createAdmin(runtime.ctx, {
      email: email.data,
      name,
      password: password.data,
    });
    console.info(`Admin created: ${admin.email} (id ${admin.id})`);
  } finally {
    await runtime.close();
  }
}

// The summary, not the message: a failed insert's message holds its parameters, the password's hash among them.
run().catch((err) => {
  console.error(errorSummary(err));
  process.exit(1);
});
