import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type ListQuery, EmptyPanel, LoadingPanel, QueryStates } from './QueryStates.js';

// Rendered to static markup: the web tests run without a DOM, and which state shows is all there is to see.
const pending: ListQuery<string> = { isPending: true, isError: false, isSuccess: false, data: undefined };
const failed: ListQuery<string> = { isPending: false, isError: true, isSuccess: false, data: undefined };
const loaded = (data: string[]): ListQuery<string> => ({ isPending: false, isError: false, isSuccess: true, data });

/** The markup without the <style> elements emotion writes beside each styled element. */
const withoutStyles = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '');

function render(query: ListQuery<string>, above?: (items: readonly string[]) => string): string {
  return renderToStaticMarkup(
    createElement(QueryStates<string>, {
      query,
      loading: 'LOADING',
      error: 'FAILED',
      empty: 'EMPTY',
      above,
      children: (items: readonly string[]) => `LIST ${items.join(',')}`,
    }),
  );
}

describe('QueryStates', () => {
  it('shows exactly one of loading, failed, empty and the list', () => {
    expect(render(pending)).toBe('LOADING');
    expect(render(failed)).toBe('FAILED');
    expect(render(loaded([]))).toBe('EMPTY');
    expect(render(loaded(['a', 'b']))).toBe('LIST a,b');
  });

  it('shows what goes above the list once it has loaded, empty or not', () => {
    const above = (items: readonly string[]) => `${items.length} items; `;
    expect(render(pending, above)).toBe('LOADING');
    expect(render(failed, above)).toBe('FAILED');
    expect(render(loaded([]), above)).toBe('0 items; EMPTY');
    expect(render(loaded(['a']), above)).toBe('1 items; LIST a');
  });
});

describe('LoadingPanel', () => {
  it('names the spinner for assistive technology, or writes the label in a status region', () => {
    const named = renderToStaticMarkup(createElement(LoadingPanel, { label: 'Loading providers' }));
    expect(named).toContain('aria-label="Loading providers"');
    expect(named).toContain('role="progressbar"');
    expect(named).not.toContain('role="status"');
    const written = renderToStaticMarkup(createElement(LoadingPanel, { label: 'Loading towers...', visibleLabel: true }));
    expect(written).toContain('role="status"');
    expect(written).toContain('>Loading towers...</p>');
    expect(written).not.toContain('aria-label=');
  });
});

describe('EmptyPanel', () => {
  it('shows the heading, the text and the actions', () => {
    const html = withoutStyles(
      renderToStaticMarkup(createElement(EmptyPanel, { icon: 'ICON', title: 'No towers yet', text: 'Add your towers.', actions: 'ACTIONS' })),
    );
    expect(html).toMatch(/ICON<h2[^>]*>No towers yet<\/h2><p[^>]*>Add your towers.<\/p>ACTIONS/);
  });
});
