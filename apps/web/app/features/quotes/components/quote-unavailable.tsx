import { Link, useRevalidator } from 'react-router';

/** A quote, or the quote list, that could not be read: why, and a way to read it again. */
export function QuoteUnavailable({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="orders">
      <p className="form__failure" role="alert">
        {message}
      </p>
      <div className="orders__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </button>
        <Link className="button button--outline" to="/account">
          Back to My account
        </Link>
      </div>
    </div>
  );
}

/** None of the buyer's quotes has that number (another customer's answers 404 too). */
export function QuoteNotFound() {
  return (
    <>
      <p>There is no quote with this number among your quotes.</p>
      <p>
        <Link className="button button--primary" to="/account/quotes">
          Back to your quotes
        </Link>
      </p>
    </>
  );
}
