import { CustomCurrencies } from '@/features/custom-currencies/components/CustomCurrencies';

/** /currencies/custom (spec 001 §2): the user's custom currencies. */
export default function CustomCurrenciesRoute() {
  return <CustomCurrencies />;
}
