/** '412 days · Long term': how long a lot has been (or was) held, and its term. */
export function holdingPeriod(days: number, term: string): string {
  const length = days === 1 ? '1 day' : `${days.toLocaleString()} days`;
  return `${length} · ${term === 'LONG' ? 'Long term' : 'Short term'}`;
}

const METHOD_NAMES: Readonly<Record<string, string>> = {
  FIFO: 'First in, first out (FIFO)',
  LIFO: 'Last in, first out (LIFO)',
  HIFO: 'Highest in, first out (HIFO)',
  LOFO: 'Lowest in, first out (LOFO)',
  ACB: 'Adjusted cost base (ACB)',
  WAC: 'Weighted average cost (WAC)',
  SP: 'Share pooling (SP)',
};

/** The rule a lot proof states: which method picked the lot, and among which lots. */
export function ruleApplied(method: string, scope: string): string {
  const name = METHOD_NAMES[method] ?? method;
  return scope === 'WALLET' ? `${name}, among the lots held in the same wallet` : `${name}, among the lots of every wallet`;
}

const SP_RULES: Readonly<Record<string, string>> = {
  SAME_DAY: 'Same-day rule: matched with an acquisition on the day of the disposal',
  BED_AND_BREAKFAST: 'Bed-and-breakfast rule: matched with an acquisition in the 30 days after the disposal',
  SECTION_104: 'Section 104 pool: matched at the pool’s average cost',
};

export function shareRule(rule: string | null): string | null {
  return rule === null ? null : (SP_RULES[rule] ?? rule);
}

/** How the tables name the disposing type. */
export function disposalType(type: string): string {
  return type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}
