import { describe, expect, it } from 'vitest';
import { parseEmbedParams } from '../embed/embedParams.js';
import {
  buildEmbedUrl,
  buildIframeCode,
  buildResponsiveIframeCode,
  buildScriptEmbedCode,
  DEFAULT_EMBED_CONFIG,
  DEFAULT_EMBED_CONFIG_INPUT,
  escapeHtmlAttribute,
  frameHeightParam,
  LATITUDE_RANGE_MESSAGE,
  LOCATION_FORMAT_MESSAGE,
  LONGITUDE_RANGE_MESSAGE,
  resolveEmbedConfig,
  ZOOM_MESSAGE,
} from './embedCode.js';
import type { EmbedConfig, EmbedConfigInput } from './embedCode.js';

const ORIGIN = 'https://coverage.example.com';

const config = (changes: Partial<EmbedConfig> = {}): EmbedConfig => ({ ...DEFAULT_EMBED_CONFIG, ...changes });
const input = (changes: Partial<EmbedConfigInput> = {}): EmbedConfigInput => ({ ...DEFAULT_EMBED_CONFIG_INPUT, ...changes });

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

describe('resolveEmbedConfig', () => {
  it('gives the SPEC defaults with nothing changed', () => {
    expect(resolveEmbedConfig(DEFAULT_EMBED_CONFIG_INPUT)).toEqual({
      config: {
        showSearch: true,
        height: '600px',
        width: '100%',
        theme: 'light',
        zoom: 10,
        location: { lat: -25.7479, lng: 28.2293 },
      },
      problems: {},
    });
  });

  it('normalises CSS lengths: a bare number is pixels, units lower-cased', () => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ height: ' 450 ', width: '80VW' }));
    expect(problems).toEqual({});
    expect(resolved.height).toBe('450px');
    expect(resolved.width).toBe('80vw');
  });

  it.each(['abc', '0', '-5px', '100px;color:red', '"><script>', 'calc(100% - 2px)', '10pt'])(
    'rejects the height %j and uses 600px',
    (height) => {
      const { config: resolved, problems } = resolveEmbedConfig(input({ height }));
      expect(resolved.height).toBe('600px');
      expect(problems.height).toMatch(/^Height must be a CSS length/);
    },
  );

  it('rejects a width that is not a length and uses 100%', () => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ width: '100%" onload="alert(1)' }));
    expect(resolved.width).toBe('100%');
    expect(problems.width).toMatch(/^Width must be a CSS length/);
  });

  it.each(['0', '19', 'abc', '12.5', '-3'])('falls back to zoom 10 with the message for %j', (zoom) => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ zoom }));
    expect(resolved.zoom).toBe(10);
    expect(problems.zoom).toBe(ZOOM_MESSAGE);
  });

  it('accepts zoom 1 and 18, and treats an empty zoom as the default', () => {
    expect(resolveEmbedConfig(input({ zoom: '1' })).config.zoom).toBe(1);
    expect(resolveEmbedConfig(input({ zoom: '18' })).config.zoom).toBe(18);
    expect(resolveEmbedConfig(input({ zoom: '' }))).toMatchObject({ config: { zoom: 10 }, problems: {} });
  });

  it('reads a location with spaces around the comma', () => {
    expect(resolveEmbedConfig(input({ location: ' -33.9 , 18.4 ' })).config.location).toEqual({ lat: -33.9, lng: 18.4 });
  });

  it.each([
    ['-33.9', LOCATION_FORMAT_MESSAGE],
    ['a,b', LOCATION_FORMAT_MESSAGE],
    ['1,2,3', LOCATION_FORMAT_MESSAGE],
    ['-33.9;18.4', LOCATION_FORMAT_MESSAGE],
    ['91,18', LATITUDE_RANGE_MESSAGE],
    ['-33.9,180.5', LONGITUDE_RANGE_MESSAGE],
  ])('rejects the location %j with its reason and keeps the default centre', (location, message) => {
    const { config: resolved, problems } = resolveEmbedConfig(input({ location }));
    expect(problems.location).toBe(message);
    expect(resolved.location).toEqual({ lat: -25.7479, lng: 28.2293 });
  });

  it('accepts the extremes of the coordinate ranges', () => {
    expect(resolveEmbedConfig(input({ location: '-90,180' })).config.location).toEqual({ lat: -90, lng: 180 });
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
    const code = buildScriptEmbedCode(ORIGIN, config({ showSearch: false, height: '450px', theme: 'dark', zoom: 12, width: '80%', location: { lat: -33.9, lng: 18.4 } }));
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
