/** Route metadata the shell reads (document title) and the route-table test checks. */
export interface RouteHandle {
  /** Browser tab title while the route is shown. */
  title?: string;
  /** 'public': no session, no canvas. 'session': the guard. 'canvas': the scaled design canvas. */
  layer?: 'public' | 'session' | 'canvas';
  /** Set on redirect routes: where they send the visitor. */
  redirectTo?: string;
}
