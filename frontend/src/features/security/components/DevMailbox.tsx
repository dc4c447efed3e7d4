import { Fragment } from 'react';
import { formatDateTime } from '@/lib/format';
import { useMailbox } from '@/features/security/api/security';
import './security.css';

const LINK = /(https?:\/\/\S+)/g;

/** A message body with its addresses as links (the reset links of local runs). */
function Body({ text }: { text: string }) {
  return (
    <pre className="mailbox__body">
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

/** /dev/mailbox: what the local SMTP sink received (only while the server's dev_mailbox setting is on). */
export function DevMailbox() {
  const mailbox = useMailbox();
  return (
    <main className="page mailbox">
      <header className="page__header">
        <h1 className="page__title">Dev mailbox</h1>
        <button type="button" className="button button--secondary" onClick={() => void mailbox.refetch()}>
          Refresh
        </button>
      </header>
      {mailbox.isError ? (
        <p className="card card--padded">The dev mailbox is off on this server.</p>
      ) : mailbox.data?.length === 0 ? (
        <p className="card card--padded">No mail yet.</p>
      ) : (
        mailbox.data?.map((message) => (
          <article key={message.id} className="card card--padded mailbox__message" aria-label={message.subject}>
            <h2 className="card__title">{message.subject}</h2>
            <p className="mailbox__meta">
              To {message.to} · {formatDateTime(message.sentAt)}
            </p>
            <Body text={message.body} />
          </article>
        ))
      )}
    </main>
  );
}
