import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { type SettingsQuery, SettingsLoadState } from './SettingsLoadState.js';

// Rendered to static markup, as the other web tests without a DOM: which state shows is what matters.
function render(query: SettingsQuery): string {
  return renderToStaticMarkup(
    createElement(SettingsLoadState, { query, loadingLabel: 'Loading the public map settings', failedText: 'Could not load them.' }),
  ).replace(/<style[^>]*>.*?<\/style>/g, '');
}

describe('SettingsLoadState', () => {
  it('names its spinner while the settings load', () => {
    const html = render({ isPending: true, isError: false, error: null, refetch: vi.fn() });
    expect(html).toContain('aria-label="Loading the public map settings"');
    expect(html).not.toContain('Retry');
  });

  it("says the settings could not be loaded, with the server's reason and a Retry button", () => {
    const html = render({ isPending: false, isError: true, error: new ApiError('Service temporarily unavailable', 503), refetch: vi.fn() });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Could not load them. Service temporarily unavailable');
    expect(html).toContain('Retry');
  });

  it('shows nothing once the settings are loaded', () => {
    expect(render({ isPending: false, isError: false, error: null, refetch: vi.fn() })).toBe('');
  });
});
