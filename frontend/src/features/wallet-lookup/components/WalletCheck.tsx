import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatCrypto, formatFiat } from '@/lib/format';
import { useWalletLookup, useWalletLookupCoins } from '@/features/wallet-lookup/api/useWalletLookup';
import { addWalletLink } from '@/features/wallet-lookup/utils/addWalletLink';
import './wallet-check.css';

/**
 * The wallet check (spec 001 §1, §4, §5): an address and a coin give the balance. Check balance is
 * disabled while the address is empty or blank; the field can be cleared.
 */
export function WalletCheck({ initialCoin }: { initialCoin?: string }) {
  const coins = useWalletLookupCoins();
  const lookup = useWalletLookup();
  const [address, setAddress] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const available = coins.data?.walletLookupCoins ?? [];
  const wanted = initialCoin?.toLowerCase();
  const preset = available.find((coin) => coin.symbol.toLowerCase() === wanted || coin.name.toLowerCase() === wanted);
  const coin = chosen ?? preset?.symbol ?? available[0]?.symbol ?? '';
  const network = available.find((option) => option.symbol === coin)?.network;
  const blank = address.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && coin) lookup.mutate({ address: address.trim(), coin });
  };

  const result = lookup.data?.publicWalletBalance;
  return (
    <section className="wallet-check card" aria-labelledby="wallet-check-title">
      <h2 id="wallet-check-title">Check a wallet balance</h2>
      <form onSubmit={submit} className="wallet-check__form">
        <label className="wallet-check__field">
          Wallet address
          <span className="wallet-check__input">
            <input
              className="input"
              type="text"
              name="address"
              value={address}
              maxLength={256}
              autoComplete="off"
              spellCheck={false}
              placeholder="Paste a public address"
              onChange={(event) => setAddress(event.target.value)}
            />
            {address ? (
              <button type="button" className="wallet-check__clear" aria-label="Clear address" onClick={() => setAddress('')}>
                ×
              </button>
            ) : null}
          </span>
        </label>
        <label className="wallet-check__field">
          Coin
          <select className="input" name="coin" value={coin} onChange={(event) => setChosen(event.target.value)} disabled={available.length === 0}>
            {available.map((option) => (
              <option key={option.symbol} value={option.symbol}>
                {option.name} ({option.symbol})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={blank || !coin || lookup.isPending}>
          Check balance
        </button>
      </form>
      {lookup.isError ? (
        <p className="form__error" role="alert">
          {lookup.error.message}
        </p>
      ) : null}
      {result && !result.success ? (
        <p className="form__error" role="alert">
          {result.errorMessage}
        </p>
      ) : null}
      {result?.success ? (
        <article className="wallet-check__result card" data-testid="wallet-result" aria-live="polite">
          <p className="wallet-check__address">{result.address}</p>
          <p className="wallet-check__balance">{formatCrypto(result.balance, result.coin, { precise: true })}</p>
          {result.valueUsd !== null ? <p className="wallet-check__value">≈ {formatFiat(result.valueUsd, 'USD')}</p> : null}
          {network ? (
            <Link className="button button--primary" to={addWalletLink(network)}>
              Track this wallet
            </Link>
          ) : null}
        </article>
      ) : null}
    </section>
  );
}
