import { useState } from 'react';
import { Link } from 'react-router';
import {
  DeleteTaxabilitySettingDocument,
  UpdateCostBasisMethodDocument,
  UpdateCountryDocument,
  UpdateLotAllocationDocument,
  UpdateTaxabilitySettingDocument,
  UpdateTaxYearStartDocument,
  type AllocationScope,
  type CostBasisMethod,
  type TaxabilityCategory,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useSettingChange, useUserSettings } from '@/features/settings/api/useSettings';
import { METHODS, MONTHS, TAXABILITY } from '@/features/settings/utils/options';
import './settings.css';

/** /user/profile/tax (labelled Account): country, method, scope, tax-year start and taxability. */
export function TaxSettings() {
  const settings = useUserSettings().data?.userSettings;
  const [country, setCountry] = useState<string | null>(null);
  const saveCountry = useSettingChange(
    async (countryCode: string) => (await request(UpdateCountryDocument, { countryCode })).updateCountry,
    { recalculates: true },
  );
  const method = useSettingChange(
    async (value: CostBasisMethod) => (await request(UpdateCostBasisMethodDocument, { method: value })).updateCostBasisMethod,
    { recalculates: true },
  );
  const scope = useSettingChange(
    async (value: AllocationScope) => (await request(UpdateLotAllocationDocument, { scope: value })).updateLotAllocation,
    { recalculates: true },
  );
  const taxYearStart = useSettingChange(
    async ({ month, day }: { month: number; day: number }) => (await request(UpdateTaxYearStartDocument, { month, day })).updateTaxYearStart,
    { recalculates: false },
  );
  const taxability = useSettingChange(
    async ({ category, taxable }: { category: TaxabilityCategory; taxable: boolean }) =>
      (await request(UpdateTaxabilitySettingDocument, { category, taxable })).updateTaxabilitySetting,
    { recalculates: true },
  );
  const defaultTaxability = useSettingChange(
    async (category: TaxabilityCategory) => (await request(DeleteTaxabilitySettingDocument, { category })).deleteTaxabilitySetting,
    { recalculates: true },
  );
  if (!settings) return null;
  return (
    <div className="page settings">
      <header className="page__header">
        <h1 className="page__title">Account</h1>
      </header>
      <section className="card card--padded form" aria-labelledby="tax-title">
        <h2 id="tax-title" className="card__title">
          Tax settings
        </h2>
        <form
          className="settings__inline"
          onSubmit={(event) => {
            event.preventDefault();
            if (country !== null) saveCountry.mutate(country);
          }}
        >
          <label className="field">
            <span className="field__label">Country (two-letter code)</span>
            <input
              className="input"
              maxLength={2}
              value={country ?? settings.country ?? ''}
              onChange={(event) => setCountry(event.target.value.toUpperCase())}
            />
          </label>
          <button type="submit" className="button" disabled={country === null || saveCountry.isPending}>
            Save country
          </button>
        </form>
        <label className="field">
          <span className="field__label">Cost-basis method</span>
          <select
            className="input"
            value={settings.costBasisMethod}
            onChange={(event) => method.mutate(event.target.value as CostBasisMethod)}
          >
            {METHODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <span className="field__hint">
            Used outside the periods of your <Link to="/cost-basis-method-calendar">method timeline</Link>.
          </span>
        </label>
        <fieldset className="choice-list">
          <legend className="field__label">Lots are matched</legend>
          <label className="choice">
            <input
              type="radio"
              name="scope"
              checked={settings.allocationScope === 'WALLET'}
              onChange={() => scope.mutate('WALLET')}
            />
            Per wallet
          </label>
          <label className="choice">
            <input
              type="radio"
              name="scope"
              checked={settings.allocationScope === 'UNIVERSAL'}
              disabled={!settings.universalAllowed}
              onChange={() => scope.mutate('UNIVERSAL')}
            />
            Across all wallets (universal)
          </label>
          {settings.universalAllowed ? null : (
            <span className="field__hint">Universal cost basis is not accepted from January 1, 2025 for US taxpayers.</span>
          )}
        </fieldset>
        <fieldset className="settings__inline settings__plain">
          <legend className="field__label">Tax year starts on</legend>
          <select
            className="input settings__narrow"
            aria-label="Month"
            value={settings.taxStartMonth}
            onChange={(event) => taxYearStart.mutate({ month: Number(event.target.value), day: settings.taxStartDay })}
          >
            {MONTHS.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
          <input
            className="input settings__narrow"
            aria-label="Day"
            type="number"
            min={1}
            max={31}
            value={settings.taxStartDay}
            onChange={(event) => taxYearStart.mutate({ month: settings.taxStartMonth, day: Number(event.target.value) })}
          />
        </fieldset>
        <fieldset className="choice-list">
          <legend className="field__label">Taxability</legend>
          {settings.taxability.map((setting) => (
            <div key={setting.category} className="settings__taxability">
              <label className="choice">
                <input
                  type="checkbox"
                  checked={setting.taxable}
                  disabled={taxability.isPending || defaultTaxability.isPending}
                  onChange={(event) => taxability.mutate({ category: setting.category, taxable: event.target.checked })}
                />
                {TAXABILITY[setting.category].label}
              </label>
              {setting.isDefault ? null : (
                <button type="button" className="link-button" onClick={() => defaultTaxability.mutate(setting.category)}>
                  Use the default
                </button>
              )}
              <span className="field__hint">{TAXABILITY[setting.category].off}</span>
            </div>
          ))}
        </fieldset>
      </section>
    </div>
  );
}
