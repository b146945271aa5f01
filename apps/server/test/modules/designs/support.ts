import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from '../../support/test-app';

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** The start of a Windows executable (MZ header with a PE signature), for renamed-file tests. */
export const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(0x14c, 0x84);
  return b;
})();

export interface FilePart {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipart(
  fields: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

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

export const designFile = (data = PNG, name = 'floor-plan.png'): FilePart => ({
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
