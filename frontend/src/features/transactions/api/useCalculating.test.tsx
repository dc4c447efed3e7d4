import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCalculating, useTransactionEdit } from '@/features/transactions/api/useTransactions';
import { queryKeys } from '@/lib/queryKeys';

const END_BEFORE = '2026-11-24T10:00:00Z';
const END_AFTER = '2026-11-24T10:00:02Z';

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.costBasisStatus, { costBasisStatus: { costBasisComputeEndTime: END_BEFORE } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

describe('useCalculating', () => {
  it('says calculating from the moment an edit is sent until a run has ended since, even one never seen running', async () => {
    const { wrapper } = setUp();
    const { result, rerender } = renderHook(
      ({ running, end }: { running: boolean; end: string }) => ({
        calculating: useCalculating(running, end),
        edit: useTransactionEdit(async () => ({ success: true, errorMessage: null }), 'Saved.'),
      }),
      { wrapper, initialProps: { running: false, end: END_BEFORE } },
    );
    expect(result.current.calculating).toBe(false);

    await act(async () => {
      await result.current.edit.mutateAsync(undefined);
    });
    expect(result.current.calculating).toBe(true); // the status still shows the run before the edit

    rerender({ running: false, end: END_AFTER }); // the run the edit asked for ended before any fetch saw it
    expect(result.current.calculating).toBe(false);
  });

  it('stops waiting when the edit is refused', async () => {
    const { wrapper } = setUp();
    const { result } = renderHook(
      () => ({
        calculating: useCalculating(false, END_BEFORE),
        edit: useTransactionEdit(async () => ({ success: false, errorMessage: 'No.' }), 'Saved.'),
      }),
      { wrapper },
    );
    await act(async () => {
      await result.current.edit.mutateAsync(undefined);
    });
    expect(result.current.calculating).toBe(false);
  });

  it('follows a run that is going', () => {
    const { wrapper } = setUp();
    const { result } = renderHook(() => useCalculating(true, END_BEFORE), { wrapper });
    expect(result.current).toBe(true);
  });
});
