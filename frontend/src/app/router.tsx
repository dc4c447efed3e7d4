import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { RedirectIfSignedIn, RequireAuth } from '@/features/auth/components/guards';
import { AppShell } from './layout/AppShell';
import { HomeRoute } from './routes/home';

const LoginRoute = lazy(() => import('./routes/login'));
const SignupRoute = lazy(() => import('./routes/signup'));
const WalletsRoute = lazy(() => import('./routes/wallets'));
const ExchangeRoute = lazy(() => import('./routes/exchange'));
const AccountImportRoute = lazy(() => import('./routes/account-import'));
const PortfolioRoute = lazy(() => import('./routes/portfolio'));
const TaxRoute = lazy(() => import('./routes/tax'));
const TaxLotsRoute = lazy(() => import('./routes/tax-lots'));
const DisposedLotsRoute = lazy(() => import('./routes/disposed-lots'));
const LotProofRoute = lazy(() => import('./routes/lot-proof'));
const TransactionsRoute = lazy(() => import('./routes/transactions'));
const TransactionRoute = lazy(() => import('./routes/transaction'));
const AddTransactionRoute = lazy(() => import('./routes/add-transaction'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export function AppRoutes() {
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
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
          <Route path="/home" element={<PortfolioRoute />} />
          <Route path="/dashboard" element={<PortfolioRoute />} />
          <Route path="/tax/:taxYear?" element={<TaxRoute />} />
          <Route path="/tax-lots/:asset?" element={<TaxLotsRoute />} />
          <Route path="/disposed-lots/:flowId?" element={<DisposedLotsRoute />} />
          <Route path="/lot-proof/:flowId/:disposedLotId" element={<LotProofRoute />} />
          <Route path="/user/profile" element={<SettingsRoute page="profile" />} />
          <Route path="/user/profile/tax" element={<SettingsRoute page="tax" />} />
          <Route path="/cost-basis-method-calendar" element={<SettingsRoute page="calendar" />} />
          <Route path="/transactions" element={<TransactionsRoute />} />
          <Route path="/transactions/new" element={<AddTransactionRoute />} />
          <Route path="/transactions/:transactionId" element={<TransactionRoute />} />
          <Route path="/wallets/:walletType?/:walletId?" element={<WalletsRoute />} />
          <Route path="/accounts/:exchangeId" element={<ExchangeRoute />} />
          <Route path="/accounts/:exchangeId/import" element={<AccountImportRoute target="exchange" />} />
          <Route path="/custom_wallets/:walletId/import" element={<AccountImportRoute target="customWallet" />} />
        </Route>
        <Route path="/not_found" element={<NotFoundRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
