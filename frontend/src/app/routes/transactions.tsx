import { useSearchParams } from 'react-router';
import { ExportTransactionsCsv } from '@/features/reports/components/ExportTransactionsCsv';
import { useCostBasisStatus } from '@/features/status/api/useCostBasisStatus';
import { useCalculating } from '@/features/transactions/api/useTransactions';
import { TransactionsList } from '@/features/transactions/components/TransactionsList';
import { searchFromParams } from '@/features/transactions/utils/search';

/** /transactions?page=&q= (spec 001 §2); the spec's asset filters may also come as parameters of their own. */
export default function TransactionsRoute() {
  const [params, setParams] = useSearchParams();
  const status = useCostBasisStatus();
  const calculating = useCalculating(
    status.data?.costBasisStatus.isCostBasisRunning ?? false,
    status.data?.costBasisStatus.costBasisComputeEndTime,
  );
  const query = searchFromParams(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = (q: string, nextPage: number) => setParams(new URLSearchParams({ ...(q ? { q } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) }));
  return (
    <TransactionsList
      key={query}
      query={query}
      page={page}
      calculating={calculating}
      actions={<ExportTransactionsCsv query={query} />}
      onSearch={(q) => go(q, 1)}
      onPage={(nextPage) => go(query, nextPage)}
    />
  );
}
