import { useQuery } from '@tanstack/react-query';
import { TransactionsDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { REVIEW_PAGE_SIZE } from '@/features/review/utils/transfer';

/** Transactions flagged for review (filter has:review), of one account or of all (accountId null). */
export function useReviewTransactions(accountId: string | null, page: number) {
  return useQuery({
    queryKey: queryKeys.reviewTransactions(accountId, page),
    queryFn: () => request(TransactionsDocument, { page, limit: REVIEW_PAGE_SIZE, needsReview: true, accountId }),
    placeholderData: (previous) => previous,
  });
}
