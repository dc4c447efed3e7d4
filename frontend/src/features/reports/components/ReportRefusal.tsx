import { Link } from 'react-router';

/** A report that was not started, and the way to the plans when the plan held it back. */
export function ReportRefusal({ message, blocked }: { message: string; blocked: boolean }) {
  return (
    <p className="notice notice--warning" role="alert" data-testid="report-refusal">
      {message}
      {blocked ? (
        <>
          {' '}
          <Link to="/plans">See plans</Link>
        </>
      ) : null}
    </p>
  );
}
