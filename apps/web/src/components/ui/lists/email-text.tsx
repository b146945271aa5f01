import { Fragment } from 'react';

/**
 * An e-mail address that wraps only where a reader expects it to: after the '@' and before each '.', never
 * inside a part (nor at its hyphens).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const [local = '', domain] = email.split(/@(?=[^@]*$)/);
  const parts = (text: string) =>
    text.split(/(?=\.)/).map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        <span className="whitespace-nowrap">{part}</span>
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
