import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { CHAT_PREVIEW_TYPES, type ChatAttachment } from '@shop/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { attachmentQuery, type ChatArea } from '../api/chat-api';

// Image types every browser shows; the chat's others (TIFF, HEIC) stay plain attachments.
const PREVIEWABLE = new Set<string>(CHAT_PREVIEW_TYPES);

export const isPreviewable = (attachment: ChatAttachment) => PREVIEWABLE.has(attachment.mime);

/**
 * A chat image as a thumbnail (fetched with the session's token: attachments are private); it opens the full
 * image in a new tab.
 */
export function AttachmentThumbnail({ area, attachment }: { area: ChatArea; attachment: ChatAttachment }) {
  const { data: blob, isError } = useQuery(attachmentQuery(area, attachment));
  const link = useRef<HTMLAnchorElement>(null);
  const image = useRef<HTMLImageElement>(null);

  // The bytes reach the link and the image through an object URL, given back when they change or leave.
  useLayoutEffect(() => {
    if (!blob || !link.current || !image.current) return;
    const url = URL.createObjectURL(blob);
    link.current.href = url;
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  if (isError) return null;
  if (!blob) {
    return (
      <span className="flex size-28 items-center justify-center rounded-lg bg-slate-100 text-navy-600">
        <Spinner label={`Loading ${attachment.name}`} />
      </span>
    );
  }
  return (
    <a
      ref={link}
      target="_blank"
      rel="noopener noreferrer"
      className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-copper-600"
      data-testid="chat-image"
    >
      <img ref={image} alt={attachment.name} className="size-28 bg-slate-50 object-cover" />
      <span className="sr-only">(opens the full image in a new tab)</span>
    </a>
  );
}
