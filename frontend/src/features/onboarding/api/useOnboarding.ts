import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmOnboardingCountryDocument, OnboardingStatusDocument, UpdateWebAppHomePageDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

const ONBOARDING_KEY = ['onboardingStatus'] as const;

export function useOnboardingStatus(enabled = true) {
  return useQuery({ queryKey: ONBOARDING_KEY, queryFn: () => request(OnboardingStatusDocument), enabled });
}

/** The country onboarding requires; the server validates it and requests a cost-basis run. */
export function useConfirmCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (countryCode: string) => (await request(ConfirmOnboardingCountryDocument, { countryCode })).confirmOnboardingCountry,
    onSuccess: async (result) => {
      if (!result.success) return;
      notifyJobStarted();
      await Promise.all([ONBOARDING_KEY, queryKeys.userSettings, queryKeys.me].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export function useChooseHomePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (page: string) => (await request(UpdateWebAppHomePageDocument, { page })).updateWebAppHomePage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
