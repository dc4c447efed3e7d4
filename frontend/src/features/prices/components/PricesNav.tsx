import { NavLink } from 'react-router';
import { PRICES_VIEW_ORDER, PRICES_VIEWS } from '@/features/prices/utils/views';

export function PricesNav() {
  return (
    <nav className="prices-nav" aria-label="Price pages">
      {PRICES_VIEW_ORDER.map((view) => (
        <NavLink key={view} to={PRICES_VIEWS[view].path} end className="prices-nav__link">
          {PRICES_VIEWS[view].label}
        </NavLink>
      ))}
    </nav>
  );
}
