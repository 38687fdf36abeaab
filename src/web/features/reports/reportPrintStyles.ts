/**
 * The print stylesheet of the Reports screen (mounted with it), so the browser's "Print / Save as
 * PDF" gives a clean report: no navigation drawer, top bar, buttons or pickers; content at full
 * width; each report section on its own page; charts at the page's width;
 * the demand map as its snapshot image.
 */
export const REPORT_PRINT_STYLES = {
  '@media print': {
    '@page': { margin: '12mm' },
    'html, body': { background: '#fff !important' },
    '.MuiAppBar-root, .MuiDrawer-root, nav, [data-print-hide], .MuiButton-root, .MuiButtonGroup-root, .MuiIconButton-root, .MuiLinearProgress-root, .MuiSnackbar-root, .recharts-tooltip-wrapper, .maplibregl-ctrl':
      { display: 'none !important' },
    // The admin shell: the main column takes the page, without the spacer under the (hidden) top bar.
    main: { padding: '0 !important', width: '100% !important', maxWidth: '100% !important', flexGrow: 1 },
    'main > .MuiToolbar-root': { display: 'none !important' },
    '.report-section': { breakBefore: 'page', breakInside: 'auto' },
    '.report-section.report-section-first': { breakBefore: 'auto' },
    '.report-chart, table, .report-keep': { breakInside: 'avoid' },
    // Side-by-side panels stack, each the page's width.
    '.report-print-full': { flexBasis: '100% !important', maxWidth: '100% !important', width: '100% !important' },
    // A chart takes the page's width: Recharts re-measures when the browser lays the page out for
    // print, and should it not, the chart's SVG (which has a viewBox) scales to the page instead of
    // running off it. (Recharts nests the chart in a zero-size box, hence the explicit widths.)
    '.recharts-responsive-container > div, .recharts-wrapper, .recharts-wrapper > svg.recharts-surface': {
      width: '100% !important',
      height: 'auto !important',
    },
    '.recharts-legend-wrapper': { width: '100% !important' },
    '.demand-map-live': { display: 'none !important' },
    '.demand-map': { height: 'auto !important', border: 'none !important' },
    '.demand-map-print': { display: 'block !important', width: '100%', height: 'auto' },
    '.MuiPaper-root': { boxShadow: 'none !important' },
    '*': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  },
} as const;
