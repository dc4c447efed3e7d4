import { describe, expect, it } from 'vitest';
import { resolvedTheme } from './theme';

describe('theme', () => {
  it('is light by default, dark when chosen, and follows the device under system', () => {
    expect(resolvedTheme(undefined, true)).toBe('light');
    expect(resolvedTheme('LIGHT', true)).toBe('light');
    expect(resolvedTheme('DARK', false)).toBe('dark');
    expect(resolvedTheme('SYSTEM', true)).toBe('dark');
    expect(resolvedTheme('SYSTEM', false)).toBe('light');
  });
});
