import { toast } from '@/components/toast/toastStore';
import { useChooseHomePage, useOnboardingStatus } from '@/features/onboarding/api/useOnboarding';
import { HOME_PAGE_LABELS } from '@/features/onboarding/utils/steps';

export const HOME_PAGE_SAVED = 'Home page saved.';
export const HOME_PAGE_NOT_SAVED = 'The home page could not be saved. Please try again.';

/** The settings' choice of web-app home page, the page a signed-in user lands on (spec 001 §2), which the
 * onboarding quiz sets first. Shown once onboarding is done: until then the user lands on onboarding. */
export function HomePageSetting() {
  const status = useOnboardingStatus().data?.onboardingStatus;
  const choose = useChooseHomePage();
  if (!status?.countryConfirmed) return null;
  return (
    <section className="card card--padded form" aria-labelledby="home-page-title">
      <h2 id="home-page-title" className="card__title">
        Home page
      </h2>
      <label className="field">
        <span className="field__label">Page you land on after signing in</span>
        <select
          className="input"
          value={status.webAppHomePage}
          disabled={choose.isPending}
          onChange={(event) =>
            choose.mutate(event.target.value, {
              onSuccess: (result) =>
                result.success ? toast.success(HOME_PAGE_SAVED) : toast.error(result.errorMessage ?? HOME_PAGE_NOT_SAVED),
              onError: () => toast.error(HOME_PAGE_NOT_SAVED),
            })
          }
        >
          {status.homePages.map((page) => (
            <option key={page} value={page}>
              {HOME_PAGE_LABELS[page] ?? page}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
