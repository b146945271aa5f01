import { Fragment } from 'react';

/** A part longer than this may break anywhere, as a last resort: one kept whole would widen its list or card. */
const LONGEST_WHOLE_PART = 24;

/**
 * An e-mail address that wraps only where a reader expects it to: after the '@' and before each '.', never
 * inside a part (nor at its hyphens) unless the part is too long to be kept whole.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const [local = '', domain] = email.split(/@(?=[^@]*$)/);
  const parts = (text: string) =>
    text.split(/(?=\.)/).map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        <span className={part.length > LONGEST_WHOLE_PART ? 'wrap-anywhere' : 'whitespace-nowrap'}>
          {part}
        </span>
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
