/** The sidebar's spam info (spec 001 §2, §7): the spam-center item shows a dot while unresolved spam assets exist. */
import { useQuery } from '@tanstack/react-query';
import { SidebarInfoDocument } from '@/gql/graphql';
import { request } from './graphql';
import { queryKeys } from './queryKeys';

export function useUnresolvedSpamAssets(): number {
  const query = useQuery({ queryKey: queryKeys.sidebarInfo, queryFn: () => request(SidebarInfoDocument), staleTime: 60_000 });
  return query.data?.sidebarInfo.unresolvedSpamAssets ?? 0;
}
