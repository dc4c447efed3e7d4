import { useParams } from 'react-router';
import { NeedsReviewList } from '@/features/review/components/NeedsReviewList';
import { ExchangeDetail } from '@/features/wallets/components/ExchangeDetail';

/** /accounts/{exchangeId}: the exchange's detail, then its review list. */
export default function ExchangeRoute() {
  const { exchangeId = '' } = useParams();
  return <ExchangeDetail exchangeId={exchangeId} accountReview={(accountId) => <NeedsReviewList accountId={accountId} />} />;
}
