import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { RequireAdmin } from '@/features/admin/components/RequireAdmin';
import { RedirectIfSignedIn, RequireAuth } from '@/features/auth/components/guards';
import { AppShell } from './layout/AppShell';
import { PublicLayout } from './layout/PublicLayout';
import { HomeIndex, HomeLayout, RootRedirect } from './routes/home';
import * as Public from './routes/public-site';

const LoginRoute = lazy(() => import('./routes/login'));
const SignupRoute = lazy(() => import('./routes/signup'));
const WalletsRoute = lazy(() => import('./routes/wallets'));
const ExchangeRoute = lazy(() => import('./routes/exchange'));
const AccountImportRoute = lazy(() => import('./routes/account-import'));
const ExchangeCredentialsRoute = lazy(() => import('./routes/exchange-credentials'));
const ConnectRoute = lazy(() => import('./routes/connect'));
const PortfolioRoute = lazy(() => import('./routes/portfolio'));
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
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const PricesRoute = lazy(() => import('./routes/prices').then((m) => ({ default: m.PricesRoute })));
const CoinsRoute = lazy(() => import('./routes/prices').then((m) => ({ default: m.CoinsRoute })));
const PriceRoute = lazy(() => import('./routes/prices').then((m) => ({ default: m.PriceRoute })));
const WalletLookupRoute = lazy(() => import('./routes/wallet-lookup').then((m) => ({ default: m.WalletLookupRoute })));
const AdminWorkflowsRoute = lazy(() => import('./routes/admin-workflows'));
const ViewAsRoute = lazy(() => import('./routes/view-as'));

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
          {['privacy', 'terms', 'security', 'disclaimer', 'about', 'careers'].map((slug) => (
            <Route key={slug} path={`/${slug}`} element={<Public.ContentPageView slug={slug} />} />
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
              <AppShell />
            </RequireAuth>
          }
        >
          <Route path="/dashboard" element={<PortfolioRoute />} />
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
        </Route>
        <Route path="/not_found" element={<NotFoundRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
