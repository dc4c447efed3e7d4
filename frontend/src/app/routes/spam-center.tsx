import { Navigate, useLocation, useParams } from 'react-router';
import { SpamCenter } from '@/features/spam-center/components/SpamCenter';
import { isSpamCenterPage, SPAM_CENTER_PAGES } from '@/features/spam-center/utils/tabs';
import NotFoundRoute from './not-found';

/** /spam-center/{page} (spec 001 §2); /spam-center opens its first page. */
export default function SpamCenterRoute() {
  const { page } = useParams();
  const { search } = useLocation();
  if (page === undefined) return <Navigate to={{ pathname: `/spam-center/${SPAM_CENTER_PAGES[0].page}`, search }} replace />;
  if (!isSpamCenterPage(page)) return <NotFoundRoute />;
  return <SpamCenter page={page} />;
}
