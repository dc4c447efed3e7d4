import { Link } from 'react-router';
import { EVENTS, trackAuthButton } from '@/lib/analytics';

interface Placement {
  /** where on the page: header, hero, banner, pricing */
  section: string;
  /** the title of that part of the page */
  sectionTitle: string;
  className?: string;
}

/** 'Start for free' to /signup, sending 'Sign Up Button Clicked' (spec 001 §9). */
export function SignUpButton({ section, sectionTitle, className = 'button button--primary' }: Placement) {
  const text = 'Start for free';
  return (
    <Link className={className} to="/signup" onClick={() => trackAuthButton(EVENTS.signUpButtonClicked, { text, section, sectionTitle })}>
      {text}
    </Link>
  );
}

/** 'Sign in' to /login, sending 'Sign In Button Clicked' (spec 001 §9). */
export function SignInLink({ section, sectionTitle, className = 'public-nav__item' }: Placement) {
  const text = 'Sign in';
  return (
    <Link className={className} to="/login" onClick={() => trackAuthButton(EVENTS.signInButtonClicked, { text, section, sectionTitle })}>
      {text}
    </Link>
  );
}
