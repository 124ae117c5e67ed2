import { Link } from 'react-router';

interface StatusPageProps {
  title: string;
  message: string;
  children?: React.ReactNode;
}

/** An error or not-found page inside the shop's layout, always with a way back home. */
export function StatusPage({ title, message, children }: StatusPageProps) {
  return (
    <div className="page status-page">
      <h1 className="page__title">{title}</h1>
      <p>{message}</p>
      {children}
      <p>
        <Link className="button button--primary" to="/">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
