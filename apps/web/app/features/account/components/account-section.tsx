import { useId, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';

interface AccountSectionProps {
  title: string;
  /** Says what the section is for, under its heading. */
  intro?: ReactNode;
  /** The danger zone stands apart from the rest. */
  danger?: boolean;
  /** The section's id, for the account menu's links to it (/account#addresses). */
  anchor?: string;
  children: ReactNode;
}

/** One part of the My account page: a landmark named by its heading. */
export function AccountSection({ title, intro, danger = false, anchor, children }: AccountSectionProps) {
  const id = useId();
  return (
    <section
      id={anchor}
      className={danger ? 'account-section account-section--danger' : 'account-section'}
      aria-labelledby={`${id}-title`}
    >
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
