import { formatNumber } from '@/lib/format';

/** A percent change as the price pages show it: '+1.23%', '-0.50%', '—' when unknown. */
export function formatChange(percent: string | null | undefined): string {
  if (percent === null || percent === undefined) return '—';
  const text = formatNumber(percent);
  if (text === '') return '—';
  return `${text.startsWith('-') || text === '0.00' ? '' : '+'}${text}%`;
}

export function changeDirection(percent: string | null | undefined): 'up' | 'down' | 'still' {
  if (!percent) return 'still';
  const value = Number(percent);
  return value > 0 ? 'up' : value < 0 ? 'down' : 'still';
}
