/** appInfo: maintenance banner and upload size limit. */
import { useQuery } from '@tanstack/react-query';
import { AppInfoDocument } from '@/gql/graphql';
import { request } from './graphql';
import { queryKeys } from './queryKeys';

export function useAppInfo() {
  return useQuery({ queryKey: queryKeys.appInfo, queryFn: () => request(AppInfoDocument), staleTime: 60_000 });
}

/** The upload size limit from appInfo.maxUploadBytes; null until known. */
export function useMaxUploadBytes(): number | null {
  return useAppInfo().data?.appInfo.maxUploadBytes ?? null;
}
