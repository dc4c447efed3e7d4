import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { ForbidViewAs } from '@/features/account-import/ForbidViewAs';
import { RedirectIfSignedIn, RequireAuth } from '@/features/auth/guards';
import { useSignedIn } from '@/lib/session';
import { AppShell } from './layout/AppShell';

const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const SignupPage = lazy(() => import('@/features/auth/SignupPage'));
const WalletsPage = lazy(() => import('@/features/wallets/WalletsPage'));
const ExchangePage = lazy(() => import('@/features/wallets/ExchangePage'));
const AccountImportPage = lazy(() => import('@/features/account-import/AccountImportPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** Home: signed-in users go to /wallets for now; others sign in. Redirects keep the query string. */
function Home() {
  const signedIn = useSignedIn();
  return <Navigate to={{ pathname: signedIn ? '/wallets' : '/login', search: window.location.search }} replace />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/home" element={<Home />} />
        <Route path="/dashboard" element={<Home />} />
        <Route
          path="/login"
          element={
            <RedirectIfSignedIn>
              <LoginPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="/signup"
          element={
            <RedirectIfSignedIn>
              <SignupPage />
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
          <Route path="/wallets/:walletType?/:walletId?" element={<WalletsPage />} />
          <Route path="/accounts/:exchangeId" element={<ExchangePage />} />
          <Route
            path="/accounts/:exchangeId/import"
            element={
              <ForbidViewAs>
                <AccountImportPage target="exchange" />
              </ForbidViewAs>
            }
          />
          <Route
            path="/custom_wallets/:walletId/import"
            element={
              <ForbidViewAs>
                <AccountImportPage target="customWallet" />
              </ForbidViewAs>
            }
          />
        </Route>
        <Route path="/not_found" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
