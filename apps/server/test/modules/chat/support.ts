import { multipart, type FilePart } from '../../support/multipart';
import type { TestApp } from '../../support/test-app';
import { bearer } from '../../support/http';

/** An attachment; the form field (`attachments[i]`) follows from its position. */
export type Attachment = Omit<FilePart, 'field'>;

export async function sendMessage(
  t: TestApp,
  token: string,
  receiverId: number,
  message: string | undefined,
  files: Attachment[] = [],
) {
  const body = await multipart(
    { message },
    files.map((f, i) => ({ ...f, field: `attachments[${i}]` })),
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/messages/${receiverId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}
