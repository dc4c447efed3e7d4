import { VIEW_CLIENT } from '@/features/tax-pros/utils/links';

/** Opens the client's books: a form post, as the admin's view-as (the server switches the session and
 * lands on the client's tax page). */
export function ViewClientButton({ clientPublicId, email }: { clientPublicId: string; email: string }) {
  return (
    <form method="post" action={VIEW_CLIENT}>
      <input type="hidden" name="client-public-id" value={clientPublicId} />
      <button type="submit" className="button button--primary button--small" aria-label={`View ${email}'s books`}>
        View books
      </button>
    </form>
  );
}
