import { formatFiat, type Numeric } from '@/lib/format';

/** A gain or loss in a currency, coloured by its sign (the sign is also written, for colour-blind readers). */
export function Gain({ value, currency }: { value: Numeric; currency: string }) {
  const text = formatFiat(value, currency);
  const tone = text.startsWith('-') ? 'gain--negative' : text === formatFiat(0, currency) ? '' : 'gain--positive';
  return <span className={tone}>{tone === 'gain--positive' ? `+${text}` : text}</span>;
}
