import type { Map as MapLibreMap } from 'maplibre-gl';

// Renderers that draw WebGL on the CPU: Chrome's SwiftShader (no GPU, or a blocklisted one),
// Mesa's llvmpipe and softpipe, and Microsoft's Basic Render Driver.
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether the WebGL context already on this canvas (the map's) is drawn by the CPU rather than a GPU. */
export function drawsInSoftware(canvas: HTMLCanvasElement): boolean {
  // getContext returns the canvas's existing context when asked for its type, and null for the other type.
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return false;
  const debugInfo = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer: unknown = debugInfo ? gl.getParameter(debugInfo.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return typeof renderer === 'string' && SOFTWARE_RENDERER.test(renderer);
}

/**
 * Fewer, smaller frames for a map drawn in software, where every frame blocks the page for tens of
 * milliseconds (most of it spent handing the canvas to the compositor): one pixel per CSS pixel
 * rather than a phone's 2 to 3, at the cost of sharpness, and basemap tiles shown at once rather
 * than faded in over 300 ms of frames. GPU-drawn maps are left as they are.
 */
export function lightenSoftwareRendering(map: MapLibreMap): void {
  if (!drawsInSoftware(map.getCanvas())) return;
  if (window.devicePixelRatio > 1) map.setPixelRatio(1);
  // A new style brings its raster layers back with their own fade.
  map.on('style.load', () => {
    for (const layer of map.getStyle().layers) {
      if (layer.type === 'raster') map.setPaintProperty(layer.id, 'raster-fade-duration', 0);
    }
  });
}
