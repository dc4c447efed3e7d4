/** The signed-in user (userInfo), app-wide: the shell, the status panel, pages and route guards read it. */
import { useQuery } from '@tanstack/react-query';
import { UserInfoDocument } from '@/gql/graphql';
import { request } from './graphql';
import { queryKeys } from './queryKeys';

export function useUserInfo() {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => request(UserInfoDocument), staleTime: 30_000 });
}

/** What a page or section closed to a professional or admin viewing as a user shows (spec 001 §8). */
export const VIEW_AS_FORBIDDEN = "You can't view this page on behalf of a user";

/** Importing files is closed to a professional or admin viewing as a user (spec 000 §2, §6). */
export function useCanImport(): boolean {
  const me = useUserInfo();
  return Boolean(me.data?.me) && !me.data?.me?.viewAsUserId;
}
