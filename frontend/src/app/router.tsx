import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { RequireAdmin } from '@/features/admin/components/RequireAdmin';
import { RedirectIfSignedIn, RequireAuth } from '@/features/auth/components/guards';
import { LANDING_ALIASES, LANDINGS } from '@/features/public-site/utils/landings';
import { PortalShell } from './layout/PortalShell';
import { PublicLayout } from './layout/PublicLayout';
import { TaxProLayout } from './layout/TaxProLayout';
import { HomeIndex, HomeLayout, PortfolioLanding, RootRedirect } from './routes/home';
import * as Public from './routes/public-site';
import { TO_PLANS, ToPlans } from './routes/plans-redirect';

const LANDING_PATHS = [...LANDINGS.map((landing) => landing.path), ...Object.keys(LANDING_ALIASES)];

const LoginRoute = lazy(() => import('./routes/login'));
const SignupRoute = lazy(() => import('./routes/signup'));
const WalletsRoute = lazy(() => import('./routes/wallets'));
const ExchangeRoute = lazy(() => import('./routes/exchange'));
const AccountImportRoute = lazy(() => import('./routes/account-import'));
const ExchangeCredentialsRoute = lazy(() => import('./routes/exchange-credentials'));
const ConnectRoute = lazy(() => import('./routes/connect'));
const TaxRoute = lazy(() => import('./routes/tax'));
const TaxLotsRoute = lazy(() => import('./routes/tax-lots'));
const DisposedLotsRoute = lazy(() => import('./routes/disposed-lots'));
const LotProofRoute = lazy(() => import('./routes/lot-proof'));
const TaxLossHarvestRoute = lazy(() => import('./routes/tax-loss-harvest'));
const PerformanceRoute = lazy(() => import('./routes/performance'));
const TransactionsRoute = lazy(() => import('./routes/transactions'));
const TransactionRoute = lazy(() => import('./routes/transaction'));
const AddTransactionRoute = lazy(() => import('./routes/add-transaction'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const ReportsRoute = lazy(() => import('./routes/reports'));
const SpamCenterRoute = lazy(() => import('./routes/spam-center'));
const CustomCurrenciesRoute = lazy(() => import('./routes/custom-currencies'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const PricesRoute = lazy(() => import('./routes/prices').then((m) => ({ default: m.PricesRoute })));
const CoinsRoute = lazy(() => import('./routes/prices').then((m) => ({ default: m.CoinsRoute })));
const PriceRoute = lazy(() => import('./routes/prices').then((m) => ({ default: m.PriceRoute })));
const WalletLookupRoute = lazy(() => import('./routes/wallet-lookup').then((m) => ({ default: m.WalletLookupRoute })));
const taxPros = () => import('./routes/tax-pros');
const TaxProsIndexRoute = lazy(() => taxPros().then((m) => ({ default: m.TaxProsIndexRoute })));
const TaxProDashboardRoute = lazy(() => taxPros().then((m) => ({ default: m.TaxProDashboardRoute })));
const TaxProViewRoute = lazy(() => taxPros().then((m) => ({ default: m.TaxProViewRoute })));
const IncomingInvitesRoute = lazy(() => taxPros().then((m) => ({ default: m.IncomingInvitesRoute })));
const FirmViewRoute = lazy(() => taxPros().then((m) => ({ default: m.FirmViewRoute })));
const TaxProfessionalsRoute = lazy(() => taxPros().then((m) => ({ default: m.TaxProfessionalsRoute })));
const AddTaxProfessionalRoute = lazy(() => taxPros().then((m) => ({ default: m.AddTaxProfessionalRoute })));
const onboarding = () => import('./routes/onboarding');
const OnboardingIndexRoute = lazy(() => onboarding().then((m) => ({ default: m.OnboardingIndex })));
const OnboardingStepRoute = lazy(() => onboarding().then((m) => ({ default: m.OnboardingStepRoute })));
const AdminWorkflowsRoute = lazy(() => import('./routes/admin-workflows'));
const broker = () => import('./routes/broker');
const UsersOverviewRoute = lazy(() => broker().then((m) => ({ default: m.UsersOverviewRoute })));
const UserOverviewRoute = lazy(() => broker().then((m) => ({ default: m.UserOverviewRoute })));
const AddDepositRoute = lazy(() => broker().then((m) => ({ default: m.AddDepositRoute })));
const AddSellOrderRoute = lazy(() => broker().then((m) => ({ default: m.AddSellOrderRoute })));
const UploadCsvRoute = lazy(() => broker().then((m) => ({ default: m.UploadCsvRoute })));
const ViewAsRoute = lazy(() => import('./routes/view-as'));
const CheckoutRoute = lazy(() => import('./routes/subscription').then((m) => ({ default: m.CheckoutRoute })));
const ManageSubscriptionRoute = lazy(() => import('./routes/subscription').then((m) => ({ default: m.ManageSubscriptionRoute })));
const security = () => import('./routes/security');
const EnableMfaRoute = lazy(() => security().then((m) => ({ default: m.EnableMfaRoute })));
const DisableMfaRoute = lazy(() => security().then((m) => ({ default: m.DisableMfaRoute })));
const ForgotPasswordRoute = lazy(() => security().then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => security().then((m) => ({ default: m.ResetPasswordRoute })));
const DevMailboxRoute = lazy(() => security().then((m) => ({ default: m.DevMailboxRoute })));

export function AppRoutes() {
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/home" element={<HomeLayout />}>
          <Route index element={<HomeIndex />} />
        </Route>
        <Route element={<PublicLayout />}>
          <Route path="/features" element={<Public.FeaturesPage />} />
          <Route path="/plans" element={<Public.PricingPage />} />
          <Route path="/integrations" element={<Public.IntegrationsPage />} />
          <Route path="/blog" element={<Public.BlogIndexPage />} />
          <Route path="/blog/:slug" element={<Public.BlogPostPage />} />
          <Route path="/learn" element={<Public.LearnPage />} />
          <Route path="/calculator" element={<Public.CalculatorPage />} />
          <Route path="/portfolio-tracker" element={<Public.PortfolioTrackerPage />} />
          <Route path="/enterprise" element={<Public.EnterprisePage />} />
          <Route path="/enterprise/schedule-demo" element={<Public.DemoBookingPage />} />
          <Route path="/partner/:slug" element={<Public.PartnerPage />} />
          <Route path="/get/full-service" element={<Public.FullServicePage />} />
          <Route path="/get/testimonials" element={<Public.TestimonialsPage />} />
          <Route path="/tax-professionals" element={<TaxProfessionalsRoute />} />
          {['privacy', 'terms', 'security', 'disclaimer', 'about', 'careers'].map((slug) => (
            <Route key={slug} path={`/${slug}`} element={<Public.ContentPageView slug={slug} />} />
          ))}
          <Route path="/support" element={<Public.SupportRedirect />} />
          <Route path="/swap/*" element={<Public.SwapPage />} />
          {LANDING_PATHS.map((path) => (
            <Route key={path} path={path} element={<Public.LandingPage />} />
          ))}
          <Route path="/provision/success" element={<Public.ProvisionPage outcome="success" />} />
          <Route path="/provision/error" element={<Public.ProvisionPage outcome="error" />} />
          <Route path="/prices" element={<PricesRoute view="overview" />} />
          <Route path="/prices/all" element={<PricesRoute view="all" />} />
          <Route path="/prices/watchlist" element={<PricesRoute view="watchlist" />} />
          <Route path="/coins/:ranking?" element={<CoinsRoute />} />
          <Route path="/price/:slug" element={<PriceRoute />} />
          <Route path="/wallet/:nameOrSymbol?" element={<WalletLookupRoute />} />
        </Route>
        <Route
          path="/login"
          element={
            <RedirectIfSignedIn>
              <LoginRoute />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="/forgot-password"
          element={
            <RedirectIfSignedIn>
              <ForgotPasswordRoute />
            </RedirectIfSignedIn>
          }
        />
        <Route path="/reset-password" element={<ResetPasswordRoute />} />
        <Route path="/dev/mailbox" element={<DevMailboxRoute />} />
        <Route
          path="/signup"
          element={
            <RedirectIfSignedIn>
              <SignupRoute />
            </RedirectIfSignedIn>
          }
        />
        <Route
          element={
            <RequireAuth>
              <PortalShell />
            </RequireAuth>
          }
        >
          <Route path="/dashboard" element={<PortfolioLanding />} />
          <Route path="/onboarding" element={<OnboardingIndexRoute />} />
          <Route path="/onboarding/:step" element={<OnboardingStepRoute />} />
          <Route path="/performance" element={<PerformanceRoute />} />
          <Route path="/tax/:taxYear?" element={<TaxRoute />} />
          <Route path="/tax-lots/:asset?" element={<TaxLotsRoute />} />
          <Route path="/disposed-lots/:flowId?" element={<DisposedLotsRoute />} />
          <Route path="/lot-proof/:flowId/:disposedLotId" element={<LotProofRoute />} />
          <Route path="/tax-loss-harvest" element={<TaxLossHarvestRoute />} />
          <Route path="/user/profile" element={<SettingsRoute page="profile" />} />
          <Route path="/user/profile/tax" element={<SettingsRoute page="tax" />} />
          <Route path="/cost-basis-method-calendar" element={<SettingsRoute page="calendar" />} />
          <Route path="/reports" element={<ReportsRoute />} />
          <Route path="/documents" element={<ReportsRoute />} />
          <Route path="/spam-center/:page?" element={<SpamCenterRoute />} />
          <Route path="/currencies/custom" element={<CustomCurrenciesRoute />} />
          <Route path="/transactions" element={<TransactionsRoute />} />
          <Route path="/transactions/new" element={<AddTransactionRoute />} />
          <Route path="/transactions/:transactionId" element={<TransactionRoute />} />
          <Route path="/wallets/:walletType?/:walletId?" element={<WalletsRoute />} />
          <Route path="/accounts/:exchangeId" element={<ExchangeRoute />} />
          <Route path="/accounts/:exchangeId/import" element={<AccountImportRoute target="exchange" />} />
          <Route path="/accounts/:exchangeId/credentials" element={<ExchangeCredentialsRoute />} />
          <Route path="/custom_wallets/:walletId/import" element={<AccountImportRoute target="customWallet" />} />
          <Route path="/connect/:provider" element={<ConnectRoute />} />
          <Route path="/admin/workflows" element={<AdminWorkflowsRoute />} />
          <Route
            path="/admin/*"
            element={
              <RequireAdmin>
                <NotFoundRoute />
              </RequireAdmin>
            }
          />
          <Route path="/user/view-as" element={<ViewAsRoute />} />
          <Route path="/subscription/checkout" element={<CheckoutRoute />} />
          <Route path="/subscription/manage" element={<ManageSubscriptionRoute />} />
          <Route path="/portfolio/subscription/manage" element={<ManageSubscriptionRoute />} />
          {TO_PLANS.map((path) => (
            <Route key={path} path={path} element={<ToPlans />} />
          ))}
          <Route path="/user/profile/tax-professionals" element={<AddTaxProfessionalRoute />} />
          <Route path="/auth0/enable_mfa" element={<EnableMfaRoute />} />
          <Route path="/auth0/disable_mfa" element={<DisableMfaRoute />} />
          <Route path="/users-overview" element={<UsersOverviewRoute />} />
          <Route path="/users-overview/:userId" element={<UserOverviewRoute />} />
          <Route path="/add-deposit" element={<AddDepositRoute />} />
          <Route path="/add-sell-order" element={<AddSellOrderRoute />} />
          <Route path="/upload-csv" element={<UploadCsvRoute />} />
        </Route>
        <Route path="/tax-pros" element={<TaxProsIndexRoute />} />
        <Route
          element={
            <RequireAuth>
              <TaxProLayout />
            </RequireAuth>
          }
        >
          <Route path="/tax-pros/dashboard" element={<TaxProDashboardRoute />} />
          <Route path="/tax-pros/client-view" element={<TaxProDashboardRoute />} />
          <Route path="/tax-pros/tax-pro-view" element={<TaxProViewRoute />} />
          <Route path="/tax-pros/view-incoming-invites" element={<IncomingInvitesRoute />} />
          <Route path="/tax-pros/firm-view/:taxFirmPublicId?" element={<FirmViewRoute />} />
        </Route>
        <Route path="/not_found" element={<NotFoundRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
