export const DESIGN_WIDTH = 1280;
export const DESIGN_HEIGHT = 800;
/** Below 800 px the phone layout replaces the canvas (decision 0034); the CSS modules' 799.98px media blocks use the same breakpoint. */
export const PHONE_LAYOUT_QUERY = '(max-width: 799.98px)';
/** Beyond twice the design size the layout only gets blurrier, so the scale stops there. */
export const MAX_CANVAS_SCALE = 2;

export function canvasScale(width: number, height: number): number {
  return Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT, MAX_CANVAS_SCALE);
}
