import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DisposedLotsDocument, LotProofDocument, OpenTaxLotsDocument, type TaxLotSort } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const LOTS_PAGE_SIZE = 50;

export interface LotOrder {
  sort: TaxLotSort;
  desc: boolean;
}

/** A page of the open lots (of one asset, or all), sorted as asked. */
export function useOpenTaxLots(asset: string | null, page: number, order: LotOrder) {
  return useQuery({
    queryKey: [...queryKeys.taxLots(asset, page), order.sort, order.desc],
    queryFn: () =>
      request(OpenTaxLotsDocument, { asset, sort: order.sort, desc: order.desc, limit: LOTS_PAGE_SIZE, offset: (page - 1) * LOTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** A page of disposed lot slices, oldest disposal first: all of them, or those one disposing flow consumed. */
export function useDisposedLots(flowId: string | null, page: number) {
  return useQuery({
    queryKey: queryKeys.disposedLots(flowId, page),
    queryFn: () => request(DisposedLotsDocument, { flowId, limit: LOTS_PAGE_SIZE, offset: (page - 1) * LOTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useLotProof(flowId: string, disposedLotId: string) {
  return useQuery({
    queryKey: queryKeys.lotProof(flowId, disposedLotId),
    queryFn: () => request(LotProofDocument, { flowId, disposedLotId }),
  });
}
