import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { useUserInfo } from '@/lib/user';
import { useFeedbackPromptDue, useSubmitFeedback } from '@/features/feedback/api/useFeedback';
import {
  DISMISSED_KEY,
  initialState,
  MAX_RATING,
  promptAllowed,
  THANKS_HIDE_MS,
  transition,
  type PromptEvent,
} from '@/features/feedback/utils/promptMachine';
import './feedback.css';

/** The review site's page where a happy user rates the product (step 4). */
export const REVIEW_SITE_URL = 'https://www.trustpilot.com/evaluate/cairn.app';
export const MESSAGE_REQUIRED = 'Please enter your feedback.';

/** The feedback prompt (spec 001 §4): a small card in a corner of the app's pages where it may show. */
export function FeedbackPrompt() {
  const location = useLocation();
  const me = useUserInfo().data?.me;
  const [dismissed, setDismissed] = useState(() => window.localStorage.getItem(DISMISSED_KEY) !== null);
  const eligiblePage = Boolean(me) && !me?.viewAsUserId && promptAllowed(location.pathname, true, dismissed);
  const due = useFeedbackPromptDue(eligiblePage);
  if (!me || !eligiblePage || !due.data?.feedbackPromptDue) return null;
  return (
    <Prompt
      taxPro={me.registeredAsTaxPro || me.isCpa}
      dismissed={dismissed}
      onDismiss={() => {
        window.localStorage.setItem(DISMISSED_KEY, 'true');
        setDismissed(true);
      }}
    />
  );
}

function Prompt({ taxPro, dismissed, onDismiss }: { taxPro: boolean; dismissed: boolean; onDismiss: () => void }) {
  const [state, setState] = useState(() => initialState(taxPro));
  const submit = useSubmitFeedback();
  const send = (event: PromptEvent) => {
    const [next, effect] = transition(state, event, dismissed);
    setState(next);
    if (effect.submit) submit.mutate({ rating: effect.submit.rating });
  };
  useEffect(() => {
    if (state.step !== 3) return;
    const timer = window.setTimeout(() => setState((current) => transition(current, { type: 'hide' }, dismissed)[0]), THANKS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [state.step, dismissed]);
  if (!state.visible) return null;
  return (
    <aside className="feedback-prompt card" aria-label="Feedback" data-testid="feedback-prompt" data-step={state.step}>
      <button
        type="button"
        className="icon-button feedback-prompt__close"
        aria-label="Dismiss feedback"
        onClick={() => {
          onDismiss();
          send({ type: 'dismiss' });
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
      {state.step === 0 ? (
        <>
          <p className="feedback-prompt__question">Are you enjoying Cairn?</p>
          <div className="feedback-prompt__actions">
            <button type="button" className="button button--primary" onClick={() => send({ type: 'enjoy', yes: true })}>
              Yes
            </button>
            <button type="button" className="button" onClick={() => send({ type: 'enjoy', yes: false })}>
              No
            </button>
          </div>
        </>
      ) : null}
      {state.step === 1 ? (
        <>
          <p className="feedback-prompt__question">How likely are you to recommend Cairn to a colleague?</p>
          <div className="feedback-prompt__scale" role="group" aria-label="0 to 10">
            {Array.from({ length: MAX_RATING + 1 }, (_, rating) => (
              <button key={rating} type="button" className="button feedback-prompt__score" onClick={() => send({ type: 'rate', rating })}>
                {rating}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {state.step === 2 ? <MessageForm rating={state.rating} pending={submit.isPending} onSend={(message) => submitMessage(message)} /> : null}
      {state.step === 3 ? <p className="feedback-prompt__question">Thank you for your feedback!</p> : null}
      {state.step === 4 ? (
        <>
          <p className="feedback-prompt__question">Glad to hear it! Would you rate us?</p>
          <a className="button button--primary" href={REVIEW_SITE_URL} target="_blank" rel="noreferrer">
            Rate Cairn
          </a>
        </>
      ) : null}
    </aside>
  );

  async function submitMessage(message: string) {
    const result = await submit.mutateAsync({ message, rating: state.rating });
    if (result.success) send({ type: 'submitted' });
  }
}

function MessageForm({ rating, pending, onSend }: { rating: number | null; pending: boolean; onSend: (message: string) => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!message.trim()) {
      setError(MESSAGE_REQUIRED);
      return;
    }
    onSend(message.trim());
  }
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Your feedback">
      <label className="field__label" htmlFor={`${id}-message`}>
        {rating === null ? 'What could we do better?' : `You rated us ${rating}. What could we do better?`}
      </label>
      <textarea
        id={`${id}-message`}
        className="input"
        rows={3}
        maxLength={5000}
        value={message}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setMessage(event.target.value);
          setError(undefined);
        }}
      />
      <FieldError id={`${id}-error`} message={error} />
      <SubmitButton pending={pending}>Send feedback</SubmitButton>
    </form>
  );
}
