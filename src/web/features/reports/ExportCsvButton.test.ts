import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExportCsvButton } from './ExportCsvButton.js';

/** The markup without the <style> elements emotion writes beside each styled element, nor the icon. */
const textOf = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<svg.*?<\/svg>/g, '');

describe('ExportCsvButton', () => {
  it('reads "Export CSV", with the report named after those words for assistive technology', () => {
    const html = textOf(renderToStaticMarkup(createElement(ExportCsvButton, { report: 'searches', disabled: false, onClick: () => undefined })));
    // The visible words, then the hidden end of the accessible name.
    expect(html).toMatch(/>Export CSV<span class="[^"]*"> of searches<\/span><\/button>$/);
  });
});
