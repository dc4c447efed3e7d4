import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { mockFetch, sentTo } from '@/test/utils';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('broken page');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the error page', () => {
  it("shows 'Oops! This is unexpected.' and sends 'User Viewed Error Page' with analytics consent", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveConsent(true);
    const fetchMock = mockFetch({});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! This is unexpected.' })).toBeInTheDocument();
    expect(sentTo('/save_event', fetchMock.calls).map((event) => event.event_name)).toEqual(['User Viewed Error Page']);
  });
});
