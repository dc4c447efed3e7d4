import { Navigate, useNavigate, useParams } from 'react-router';
import { ForbidViewAs } from '@/features/account-import/components/ForbidViewAs';
import { AddWalletsModal } from '@/features/integrations/components/AddWalletsModal';
import { LinkForm } from '@/features/linking/components/LinkForm';
import { linkFormOf } from '@/features/linking/utils/forms';
import { OnboardingFlow } from '@/features/onboarding/components/OnboardingFlow';
import { isOnboardingStep, stepPath } from '@/features/onboarding/utils/steps';

export { OnboardingIndex } from '@/features/onboarding/components/OnboardingFlow';

/** /onboarding/{step} (spec 001 §2): closed to anyone viewing as a user; a wallet added goes on to the next step. */
export function OnboardingStepRoute() {
  const { step } = useParams();
  const navigate = useNavigate();
  if (!isOnboardingStep(step)) return <Navigate to={stepPath('joined-welcome')} replace />;
  const added = () => navigate(stepPath(step === 'add-wallet' ? 'add-another-wallet' : 'feature-introduction-welcome'));
  return (
    <ForbidViewAs>
      <OnboardingFlow
        step={step}
        addWallets={
          <AddWalletsModal
            onImported={added}
            syncForm={(integration, onLinked) =>
              linkFormOf(integration) ? (
                <LinkForm
                  key={integration.slug}
                  integration={integration}
                  onLinked={() => {
                    onLinked();
                    added();
                  }}
                />
              ) : null
            }
          />
        }
      />
    </ForbidViewAs>
  );
}
