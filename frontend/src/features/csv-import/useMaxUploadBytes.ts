import { useQuery } from '@tanstack/react-query';
import { AppInfoDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** The upload size limit from appInfo.maxUploadBytes; null until known. */
export function useMaxUploadBytes(): number | null {
  const appInfo = useQuery({ queryKey: queryKeys.appInfo, queryFn: () => request(AppInfoDocument), staleTime: 60_000 });
  return appInfo.data?.appInfo.maxUploadBytes ?? null;
}
