export const IMPORT_GUIDE_ID = 'import-guide';

/** How to add a file to an account without duplicates; the synced-integration warning links here. */
export function ImportGuide() {
  return (
    <section className="card import-guide" id={IMPORT_GUIDE_ID} aria-labelledby={`${IMPORT_GUIDE_ID}-heading`} tabIndex={-1}>
      <header className="card__header">
        <h2 className="card__title" id={`${IMPORT_GUIDE_ID}-heading`}>
          Importing files without duplicates
        </h2>
      </header>
      <ul className="import-guide__list">
        <li>Transactions already in this account are recognised and skipped, so importing the same file twice adds nothing.</li>
        <li>
          An account that syncs automatically already receives its transactions: import a file only for the periods or
          operations the sync doesn't cover.
        </li>
        <li>
          Choose the import type that matches the file: your exchange's transaction history or trade export in its own
          format, or the generic CSV format.
        </li>
        <li>After the import, check the Needs review list of the account for transfers that couldn't be matched.</li>
      </ul>
    </section>
  );
}
