import { describe, expect, it } from 'vitest';
import { describeBrowser } from './messages';

describe('describeBrowser', () => {
  it('names the browser and system of common user agents', () => {
    expect(
      describeBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'),
    ).toBe('Chrome on Linux');
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Windows',
    );
    expect(
      describeBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'),
    ).toBe('Safari on macOS');
  });

  it('keeps an unknown agent as it is, and names a missing one', () => {
    expect(describeBrowser('python-httpx/0.28')).toBe('python-httpx/0.28');
    expect(describeBrowser('')).toBe('Unknown browser');
  });
});
