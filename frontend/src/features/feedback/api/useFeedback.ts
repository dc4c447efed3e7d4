import { useMutation, useQuery } from '@tanstack/react-query';
import { FeedbackPromptDueDocument, SubmitFeedbackDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';

export function useFeedbackPromptDue(enabled: boolean) {
  return useQuery({ queryKey: ['feedbackPromptDue'], queryFn: () => request(FeedbackPromptDueDocument), enabled, staleTime: Infinity });
}

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: async ({ message = null, rating = null }: { message?: string | null; rating?: number | null }) =>
      (await request(SubmitFeedbackDocument, { message, rating })).submitFeedback,
  });
}
