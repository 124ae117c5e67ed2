import { useId, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';

/** One part of the trade account page: a landmark named by its heading (My account's card look). */
export function CompanySection({
  title,
  intro,
  anchor,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** The section's id, for the account menu's links to it (/account/company#invoices). */
  anchor?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section id={anchor} className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {title}
      </h2>
      {intro ? <p className="account-section__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** What a section shows when its data could not be read: why, and a way to read it again. */
export function SectionUnavailable({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="account-section__unavailable">
      <p className="form__failure" role="alert">
        {message}
      </p>
      <button
        type="button"
        className="button button--outline"
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        Try again
      </button>
    </div>
  );
}
