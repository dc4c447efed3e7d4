/**
 * The pricing page's cards: the unified tax plans of the plan table grouped by family (Base and Base+ on
 * one card, spec 001 §9), with each tier's price and transaction limit.
 */
import { formatCount, formatFiat } from '@/lib/format';

export interface PricedPlan {
  readonly name: string;
  readonly internalName: string;
  readonly summary: string;
  readonly features: readonly string[];
  readonly transactionLimit: number | null;
  readonly price: { readonly original: string };
}

export interface PlanFamily {
  readonly title: string;
  readonly tiers: readonly PricedPlan[];
}

export function planFamilies(plans: readonly PricedPlan[]): PlanFamily[] {
  const families = new Map<string, PricedPlan[]>();
  for (const plan of plans) {
    const family = plan.internalName.replace(/_PLUS$/, '');
    families.set(family, [...(families.get(family) ?? []), plan]);
  }
  return [...families.values()].map((tiers) => ({ title: tiers.map((tier) => tier.name).join(' / '), tiers }));
}

export function tierPrice(plan: PricedPlan): string {
  return Number(plan.price.original) === 0 ? 'Free' : `${formatFiat(plan.price.original, 'USD')} per tax year`;
}

export function tierLimit(plan: PricedPlan): string {
  return plan.transactionLimit === null ? 'Unlimited transactions' : `Up to ${formatCount(plan.transactionLimit)} transactions`;
}
