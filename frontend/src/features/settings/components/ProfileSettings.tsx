import type { ReactNode } from 'react';
import {
  UpdateBaseCurrencyDocument,
  UpdateThemeDocument,
  type Theme,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useSettingChange, useUserSettings } from '@/features/settings/api/useSettings';
import './settings.css';

const THEMES: readonly { value: Theme; label: string }[] = [
  { value: 'LIGHT', label: 'Light' },
  { value: 'DARK', label: 'Dark' },
  { value: 'SYSTEM', label: 'System' },
];

/** /user/profile: base currency and theme, neither of which needs a recalculation; `children` are the
 * sections other features add to the page. */
export function ProfileSettings({ children }: { children?: ReactNode }) {
  const settings = useUserSettings().data?.userSettings;
  const currency = useSettingChange(
    async (baseCurrency: string) => (await request(UpdateBaseCurrencyDocument, { baseCurrency })).updateBaseCurrency,
    { recalculates: false },
  );
  const theme = useSettingChange(async (value: Theme) => (await request(UpdateThemeDocument, { theme: value })).updateTheme, {
    recalculates: false,
  });
  if (!settings) return null;
  return (
    <div className="page settings">
      <header className="page__header">
        <h1 className="page__title">Settings</h1>
      </header>
      <section className="card card--padded form" aria-labelledby="display-title">
        <h2 id="display-title" className="card__title">
          Display
        </h2>
        <label className="field">
          <span className="field__label">Base currency</span>
          <select
            className="input"
            value={settings.baseCurrency}
            disabled={currency.isPending}
            onChange={(event) => currency.mutate(event.target.value)}
          >
            {settings.baseCurrencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <span className="field__hint">Every value is converted from US dollars at each day’s exchange rate.</span>
        </label>
        <fieldset className="choice-list">
          <legend className="field__label">Theme</legend>
          {THEMES.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={settings.selectedTheme === option.value}
                onChange={() => theme.mutate(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </section>
      {children}
    </div>
  );
}
