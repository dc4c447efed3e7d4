import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { formatDateTime } from '@/lib/format';
import { securityApi, securityKeys, useSessions } from '@/features/security/api/security';
import { describeBrowser } from '@/features/security/utils/messages';

/** The signed-in user's sessions, each revocable but this browser's (Sign out ends that one). */
export function SessionList() {
  const sessions = useSessions().data;
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: async (id: string) => {
      const result = await securityApi.revokeSession(id);
      if (!result.ok) throw new Error(result.detail ?? 'Something went wrong. Please try again.');
    },
    onSuccess: () => toast.success('The session was signed out.'),
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
  if (!sessions) return null;
  return (
    <section className="card security" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card__title security__table-title">
        Signed-in sessions
      </h2>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Signed in</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <td title={session.userAgent}>{describeBrowser(session.userAgent)}</td>
                <td>{formatDateTime(session.createdAt)}</td>
                <td>{formatDateTime(session.expiresAt)}</td>
                <td className="security__action">
                  {session.current ? (
                    <span className="security__current">This browser</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(session.id)}
                      aria-label={`Revoke ${describeBrowser(session.userAgent)} session`}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
