import { describe, expect, it } from 'vitest';
import { drawsInSoftware } from './softwareRendering.js';

const UNMASKED_RENDERER_WEBGL = 0x9246;
const RENDERER = 0x1f01;

/** A canvas whose WebGL 2 context reports `renderer`, unmasked when `debugInfo` is offered. */
function canvasDrawnBy(renderer: string, debugInfo = true): HTMLCanvasElement {
  const gl = {
    RENDERER,
    getExtension: (name: string) => (debugInfo && name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL } : null),
    getParameter: (parameter: number) => (parameter === UNMASKED_RENDERER_WEBGL || parameter === RENDERER ? renderer : null),
  };
  return { getContext: (type: string) => (type === 'webgl2' ? gl : null) } as unknown as HTMLCanvasElement;
}

describe('drawsInSoftware', () => {
  it('recognises CPU renderers', () => {
    expect(drawsInSoftware(canvasDrawnBy('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'))).toBe(true);
    expect(drawsInSoftware(canvasDrawnBy('llvmpipe (LLVM 15.0.6, 256 bits)', false))).toBe(true);
    expect(drawsInSoftware(canvasDrawnBy('Microsoft Basic Render Driver'))).toBe(true);
  });

  it('leaves GPUs alone', () => {
    expect(drawsInSoftware(canvasDrawnBy('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)'))).toBe(false);
    expect(drawsInSoftware(canvasDrawnBy('Apple GPU', false))).toBe(false);
  });

  it('says no when the canvas has no WebGL context', () => {
    expect(drawsInSoftware({ getContext: () => null } as unknown as HTMLCanvasElement)).toBe(false);
  });
});
