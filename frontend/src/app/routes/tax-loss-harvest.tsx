import { HarvestPage } from '@/features/harvest/components/HarvestPage';

/** /tax-loss-harvest (spec 001 §2). */
export default function TaxLossHarvestRoute() {
  return <HarvestPage />;
}
