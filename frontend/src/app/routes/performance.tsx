import { PerformancePage } from '@/features/performance/components/PerformancePage';

/** /performance (spec 001 §2). */
export default function PerformanceRoute() {
  return <PerformancePage />;
}
