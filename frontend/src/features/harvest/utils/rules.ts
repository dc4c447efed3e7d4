import type { HarvestRule, TaxLossHarvestQuery } from '@/gql/graphql';
import { formatCrypto, formatDate, formatFiat } from '@/lib/format';

type Warning = NonNullable<TaxLossHarvestQuery['taxLossHarvest']['candidates'][number]['warning']>;

/** What each country's rule is, shown above the lots. */
export const RULE_NOTES: Record<HarvestRule, { title: string; text: string }> = {
  WASH_SALE: {
    title: 'US wash-sale rule: information only',
    text:
      'The wash-sale rule (IRC §1091) defers a loss when the same security is bought within 30 days before or after the sale. ' +
      'Under current US law it applies to stock and securities, not to crypto, so Cairn does not apply it: buys within 30 days are shown for information.',
  },
  SUPERFICIAL_LOSS: {
    title: 'Canada: superficial loss',
    text:
      'A loss is denied when the same crypto is bought within 30 days before or after the sale and still held at the end of the 30th day after it. ' +
      'The denied loss is added to the cost of the crypto you keep.',
  },
  BED_AND_BREAKFAST: {
    title: 'UK: 30-day rule',
    text:
      'Crypto bought on the day of a sale or in the 30 days after it is matched to that sale before your pool (bed and breakfasting), ' +
      'so the loss is worked out against that purchase’s cost instead of this lot’s.',
  },
};

export const NO_RULE =
  'Cairn knows the 30-day rules of the United States, Canada and the United Kingdom. Set your country in your tax settings to see the one that applies to you.';

/** The sentence a lot's warning reads, with its amounts formatted. */
export function warningText(warning: Warning, asset: string, currency: string): string {
  const quantity = formatCrypto(warning.matchedQuantity, asset);
  const affected = formatFiat(warning.affectedLoss, currency);
  const when = warning.purchases.map((purchase) => `${formatCrypto(purchase.quantity, asset)} ${purchase.planned ? 'planned for' : 'on'} ${formatDate(purchase.day)}`).join(', ');
  switch (warning.rule) {
    case 'WASH_SALE':
      return `Bought within 30 days of this sale (${when}). Not applied to crypto under current US law: ${affected} of this loss would be deferred if it were.`;
    case 'SUPERFICIAL_LOSS':
      return `${quantity} bought within 30 days (${when}) and still held 30 days after the sale: ${affected} of this loss would be denied.`;
    case 'BED_AND_BREAKFAST':
      return `${quantity} bought on the sale day or within 30 days after it (${when}) is matched to the sale first: ${affected} of this loss would be worked out against that purchase’s cost.`;
  }
}
