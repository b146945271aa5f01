import { Fragment } from 'react';
import { cx } from '../../../components/ui/cx';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A web address written in a message: http(s):// or www., up to the next space or angle bracket/quote.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.example/a.").
const TRAILING = /[.,;:!?'"]+$/;

/** The safe http(s) URL of a written address, or null (other schemes, broken addresses). */
function safeHref(written: string): string | null {
  try {
    const url = new URL(/^www\./i.test(written) ? `https://${written}` : written);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Cuts a closing parenthesis the address did not open ("(see https://x.example/a)"). */
function trimUnbalanced(address: string): string {
  let end = address;
  while (end.endsWith(')') && (end.match(/\(/g)?.length ?? 0) < (end.match(/\)/g)?.length ?? 0)) {
    end = end.slice(0, -1).replace(TRAILING, '');
  }
  return end;
}

/** A message's text as plain text and links: only http and https addresses become links. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimUnbalanced(match[0].replace(TRAILING, ''));
    const href = safeHref(address);
    if (!href || address.length === 0) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A message's text with its web addresses as links that open in a new tab (React escapes the rest). */
export function MessageText({ text, own }: { text: string; own: boolean }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className={cx(
              'font-medium underline underline-offset-2',
              own ? 'text-white hover:text-navy-100' : 'text-copper-800 hover:text-copper-900',
            )}
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
