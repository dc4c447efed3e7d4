import { Navigate, useLocation, useParams } from 'react-router';
import { AddTaxProfessional } from '@/features/tax-pros/components/AddTaxProfessional';
import { ClientsDashboard } from '@/features/tax-pros/components/ClientsDashboard';
import { FirmProsView } from '@/features/tax-pros/components/FirmProsView';
import { FirmView } from '@/features/tax-pros/components/FirmView';
import { IncomingInvitesPage } from '@/features/tax-pros/components/IncomingInvites';
import { RegisterTaxPro } from '@/features/tax-pros/components/RegisterTaxPro';
import '@/features/tax-pros/components/tax-pros.css';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';

/** /tax-pros: to /tax-professionals (spec 001 §2), keeping the query string. */
export function TaxProsIndexRoute() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/tax-professionals', search }} replace />;
}

/** /tax-pros/dashboard and /tax-pros/client-view. */
export function TaxProDashboardRoute() {
  return <ClientsDashboard />;
}

export function TaxProViewRoute() {
  return <FirmProsView />;
}

export function IncomingInvitesRoute() {
  return <IncomingInvitesPage />;
}

/** /tax-pros/firm-view[/{taxFirmPublicId}]. */
export function FirmViewRoute() {
  const { taxFirmPublicId } = useParams();
  return <FirmView key={taxFirmPublicId ?? ''} taxFirmPublicId={taxFirmPublicId} />;
}

/** /tax-professionals: registering as a tax pro. */
export function TaxProfessionalsRoute() {
  usePageMeta(PAGE_META.taxProfessionals);
  return <RegisterTaxPro />;
}

/** /user/profile/tax-professionals: "Add a tax professional". */
export function AddTaxProfessionalRoute() {
  return <AddTaxProfessional />;
}
