import { describe, expect, it } from 'vitest';
import { canvasScale } from './canvas-scale';

describe('canvasScale', () => {
  it('is 1 when the window is exactly the design size', () => {
    expect(canvasScale(1280, 800)).toBe(1);
  });

  it('fits the tighter dimension so the whole canvas stays visible', () => {
    // Wide window: height limits.
    expect(canvasScale(1920, 800)).toBe(1);
    // Tall window: width limits.
    expect(canvasScale(640, 1000)).toBe(0.5);
    expect(canvasScale(1366, 768)).toBeCloseTo(0.96, 10);
  });

  it('grows with large windows but never beyond 2', () => {
    expect(canvasScale(1920, 1200)).toBe(1.5);
    expect(canvasScale(2560, 1600)).toBe(2);
    expect(canvasScale(7680, 4320)).toBe(2);
  });

  it('shrinks below 1 on small windows', () => {
    expect(canvasScale(375, 667)).toBeCloseTo(375 / 1280, 10);
  });
});
