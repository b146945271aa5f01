import { Fragment } from 'react';

/** A part longer than this may also wrap after its hyphens: kept whole, it would widen its list or card. */
const LONGEST_WHOLE_PART = 24;

/** Where a part may wrap: before each '.', and after the hyphens of a long one. */
const pieces = (text: string) =>
  text.split(/(?=\.)/).flatMap((part) => (part.length > LONGEST_WHOLE_PART ? part.split(/(?<=-)/) : [part]));

/**
 * An e-mail address that wraps only where a reader expects it to: after the '@' and before each '.', never
 * inside a part, nor at its hyphens unless the part is too long to be kept whole.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const [local = '', domain] = email.split(/@(?=[^@]*$)/);
  const parts = (text: string) =>
    pieces(text).map((piece, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        <span className="whitespace-nowrap">{piece}</span>
      </Fragment>
    ));
  return (
    <span className={className}>
      {parts(local)}
      {domain !== undefined && (
        <>
          <span className="whitespace-nowrap">@</span>
          <wbr />
          {parts(domain)}
        </>
      )}
    </span>
  );
}
