import sharp from 'sharp';
import type { TestApp } from '../../support/test-app';
import { bearer } from '../../support/http';

export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart body as a browser's FormData sends it. */
export async function multipart(fields: Record<string, string | undefined>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  files.forEach((f, i) =>
    form.append(
      `attachments[${i}]`,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    ),
  );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export async function sendMessage(
  t: TestApp,
  token: string,
  receiverId: number,
  message: string | undefined,
  files: FilePart[] = [],
) {
  const body = await multipart({ message }, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/messages/${receiverId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

export const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
export const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows executable's header: what a renamed .exe carries. */
export const exe = () =>
  Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(512, 1)]);
