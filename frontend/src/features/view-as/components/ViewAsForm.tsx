/** /user/view-as (spec 001 §2, §5): the admin's form, posted to the view-as path with the field
 * user-email; the server starts the session and goes to the dashboard, or comes back with errorMessage. */
export function ViewAsForm() {
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">View as</h1>
      </header>
      <form className="card card--padded form" method="post" action="/user/view-as">
        <label className="field">
          <span className="field__label">User email</span>
          <input className="input" name="user-email" type="email" required maxLength={320} autoComplete="off" />
        </label>
        <div>
          <button type="submit" className="button button--primary">
            View as
          </button>
        </div>
      </form>
    </div>
  );
}
