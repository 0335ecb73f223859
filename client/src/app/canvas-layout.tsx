import { Outlet } from 'react-router-dom';
import { ScaledCanvas } from './scaled-canvas';

/** Route layout for every page outside the public list: drawn inside the scaled design canvas. */
export function CanvasLayout() {
  return (
    <ScaledCanvas>
      <Outlet />
    </ScaledCanvas>
  );
}
