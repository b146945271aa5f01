import { afterEach, beforeEach, expect, it } from 'vitest';
import { seedDesigns } from '../../../src/seed/seed-designs';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../../src/seed/demo-accounts';
import { users } from '../../../src/db/schema/users';
import { hashPassword } from '../../../src/platform/auth/passwords';
import { detectFileType } from '../../../src/platform/files/sniff';
import { bearer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

it('seeds the demo customer designs in different states, with downloadable files', async () => {
  const [adminHash, customerHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_CUSTOMER.password),
  ]);
  await t.ctx.database.db.insert(users).values([
    { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, passwordHash: adminHash, role: 'admin' },
    {
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      passwordHash: customerHash,
    },
  ]);
  await seedDesigns(t.ctx);

  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  });
  const token = login.json().token as string;
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/user/design-submissions',
    headers: bearer(token),
  });
  const designs = list.json().data as {
    status: string;
    design_file_url: string | null;
    recommendation_files_urls: string[];
  }[];
  expect(designs).toHaveLength(4);
  expect(new Set(designs.map((d) => d.status))).toEqual(new Set(['pending', 'approved', 'rejected']));

  const urls = designs
    .flatMap((d) => [d.design_file_url, ...d.recommendation_files_urls])
    .filter((u): u is string => !!u);
  expect(urls).toHaveLength(4);
  for (const url of urls) {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const type = await detectFileType(res.rawPayload, 'file');
    expect(type?.mime).toBe(res.headers['content-type']);
  }
});
