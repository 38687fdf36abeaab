import { describe, expect, it } from 'vitest';
import {
  buildEmbedUrl,
  buildIframeCode,
  buildResponsiveIframeCode,
  buildScriptEmbedCode,
  DEFAULT_EMBED_CONFIG,
  escapeHtmlAttribute,
  frameHeightParam,
} from './embedCode.js';
import type { EmbedConfig } from './embedCode.js';
import { parseEmbedParams } from './embedParams.js';

const ORIGIN = 'https://coverage.example.com';

const config = (changes: Partial<EmbedConfig> = {}): EmbedConfig => ({ ...DEFAULT_EMBED_CONFIG, ...changes });

/** Every attribute value of a tag's markup, decoded as an HTML parser would. */
function attributeValues(html: string): string[] {
  return [...html.matchAll(/="([^"]*)"/g)].map((match) =>
    (match[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

describe('escapeHtmlAttribute', () => {
  it('turns the characters that end an attribute or open markup into references', () => {
    expect(escapeHtmlAttribute(`"><script>alert('x')</script>`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
  });

  it('escapes ampersands first, so existing references are not decoded later', () => {
    expect(escapeHtmlAttribute('a=1&b=&quot;')).toBe('a=1&amp;b=&amp;quot;');
  });

  it('leaves ordinary text alone', () => {
    expect(escapeHtmlAttribute('https://x.example/embed?zoom=12')).toBe('https://x.example/embed?zoom=12');
  });
});

describe('buildEmbedUrl', () => {
  it('is the bare /embed address when every setting is the default', () => {
    expect(buildEmbedUrl(ORIGIN, config())).toBe(`${ORIGIN}/embed`);
  });

  it('lists only the changed settings, in SPEC order, with search=false when the search bar is hidden', () => {
    const url = buildEmbedUrl(`${ORIGIN}/`, config({ showSearch: false, height: '450px', theme: 'dark', zoom: 12, location: { lat: -33.9, lng: 18.4 } }));
    expect(url).toBe(`${ORIGIN}/embed?search=false&height=450px&theme=dark&zoom=12&location=-33.9,18.4`);
  });

  it('URL-encodes values such as a percentage height', () => {
    expect(buildEmbedUrl(ORIGIN, config({ height: '100%' }))).toBe(`${ORIGIN}/embed?height=100%25`);
  });

  it('is read back by the /embed page as the same settings', () => {
    const chosen = config({ showSearch: false, height: '450px', theme: 'dark', zoom: 3, location: { lat: 12.5, lng: -70.25 } });
    const query = new URL(buildEmbedUrl(ORIGIN, chosen)).search;
    expect(parseEmbedParams(query)).toEqual({ showSearch: false, height: '450px', theme: 'dark', zoom: 3, center: { lat: 12.5, lng: -70.25 } });
  });

  it('does not mention width, which /embed does not take', () => {
    expect(buildEmbedUrl(ORIGIN, config({ width: '80%' }))).toBe(`${ORIGIN}/embed`);
  });
});

describe('frameHeightParam', () => {
  it('keeps a fixed height and makes a relative one fill the frame', () => {
    expect(frameHeightParam('450px')).toBe('450px');
    expect(frameHeightParam('30rem')).toBe('30rem');
    expect(frameHeightParam('80%')).toBe('100%');
    expect(frameHeightParam('70vh')).toBe('100%');
  });
});

describe('buildIframeCode', () => {
  it('is the standard iframe with the SPEC defaults', () => {
    expect(buildIframeCode(ORIGIN, config())).toBe(
      `<iframe src="${ORIGIN}/embed" width="100%" height="600px" style="border:0;width:100%;height:600px" loading="lazy" title="Internet coverage map" allow="geolocation"></iframe>`,
    );
  });

  it('escapes the ampersands of the address and carries the chosen size', () => {
    const code = buildIframeCode(ORIGIN, config({ showSearch: false, zoom: 12, width: '800px', height: '450px' }));
    expect(code).toContain(`src="${ORIGIN}/embed?search=false&amp;height=450px&amp;zoom=12"`);
    expect(code).toContain('width="800px" height="450px" style="border:0;width:800px;height:450px"');
  });

  it('sizes the frame from a relative height and lets the map fill it', () => {
    const code = buildIframeCode(ORIGIN, config({ height: '70vh' }));
    expect(code).toContain(`src="${ORIGIN}/embed?height=100%25"`);
    expect(code).toContain('height="70vh"');
  });

  it('cannot be broken out of, even by an origin holding markup', () => {
    const code = buildIframeCode('https://x.example/"><script>alert(1)</script>', config());
    expect(code).not.toContain('<script');
    expect(code.match(/</g)).toHaveLength(2);
    expect(attributeValues(code)[0]).toBe('https://x.example/"><script>alert(1)</script>/embed');
  });
});

describe('buildResponsiveIframeCode', () => {
  it('wraps the frame in a 16:9 box that it fills', () => {
    expect(buildResponsiveIframeCode(ORIGIN, config({ zoom: 12 }))).toBe(
      [
        '<div style="position:relative;padding-bottom:56.25%;height:0;overflow:hidden">',
        `  <iframe src="${ORIGIN}/embed?height=100%25&amp;zoom=12" style="position:absolute;top:0;left:0;width:100%;height:100%;border:0" loading="lazy" title="Internet coverage map" allow="geolocation"></iframe>`,
        '</div>',
      ].join('\n'),
    );
  });

  it('puts a width other than 100% on an outer box', () => {
    const code = buildResponsiveIframeCode(ORIGIN, config({ width: '640px' }));
    expect(code.split('\n')[0]).toBe('<div style="width:640px">');
    expect(code.split('\n')[1]).toBe('  <div style="position:relative;padding-bottom:56.25%;height:0;overflow:hidden">');
    expect(code.endsWith('  </div>\n</div>')).toBe(true);
  });
});

describe('buildScriptEmbedCode', () => {
  it('is a bare async script tag with the defaults', () => {
    expect(buildScriptEmbedCode(ORIGIN, config())).toBe(`<script src="${ORIGIN}/embed.js" async></script>`);
  });

  it('passes the changed settings as data attributes', () => {
    const code = buildScriptEmbedCode(
      ORIGIN,
      config({ showSearch: false, height: '450px', theme: 'dark', zoom: 12, width: '80%', location: { lat: -33.9, lng: 18.4 } }),
    );
    expect(code).toBe(
      `<script src="${ORIGIN}/embed.js" data-search="false" data-height="450px" data-theme="dark" data-zoom="12" data-location="-33.9,18.4" data-width="80%" async></script>`,
    );
  });

  it('escapes its attributes', () => {
    const code = buildScriptEmbedCode(`https://x.example/"><img src=x onerror=alert(1)>`, config());
    expect(code).not.toMatch(/<img/);
    expect(attributeValues(code)[0]).toBe('https://x.example/"><img src=x onerror=alert(1)>/embed.js');
  });
});
