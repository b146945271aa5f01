import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PNG_1PX } from '../../support/files';
import { bearer } from '../../support/http';
import { multipart, type FilePart } from '../../support/multipart';
import type { TestApp } from '../../support/test-app';

export const HAVE_DESIGN_FIELDS = {
  selectedTab: 'haveDesign',
  email: 'Guest.Planner@Example.com',
  description: 'Open plan for 12 people with a meeting corner.',
  name: 'Pat Guest',
  company_name: 'Acme Widgets',
  zip_code: '94107',
  phone: '+1 555 010 2000',
  totalNumber: '11-49',
  features: JSON.stringify(['Low Walls', 'Pedestals']),
  interest: 'Both',
  options: 'Data Outlets',
};

export const DONT_HAVE_DESIGN_FIELDS = {
  selectedTab: 'dontHaveDesign',
  email: 'no.plan@example.com',
  totalNumber: '6-10',
  features: JSON.stringify(['Tall Walls']),
  interest: 'New Furniture',
  name: 'Nora Noplan',
  company_name: 'Blank Slate LLC',
  zip_code: '10001',
  phone: '(212) 555-0199',
};

export const designFile = (data = PNG_1PX, name = 'floor-plan.png'): FilePart => ({
  field: 'design_file',
  name,
  data,
  type: 'image/png',
});

export async function submit(
  t: TestApp,
  fields: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
  headers: Record<string, string> = {},
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/design-submissions',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** Every file under the test's data folder (uploads and their temporaries), mail excluded. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** An admin's review of a design (POST /api/admin/designs/{id}/update), as the back-office's form sends it. */
export async function postReview(
  t: TestApp,
  token: string,
  id: number,
  fields: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/designs/${id}/update`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}
