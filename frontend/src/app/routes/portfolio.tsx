import { PortfolioHome } from '@/features/portfolio/components/PortfolioHome';

/** /home and /dashboard (one page). */
export default function PortfolioRoute() {
  return <PortfolioHome />;
}
