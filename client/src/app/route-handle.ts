/** Route metadata the shell reads (document title) and the route-table test checks. */
export interface RouteHandle {
  title?: string;
  /** 'public': no session, no canvas. 'session': the guard. 'canvas': the scaled design canvas. */
  layer?: 'public' | 'session' | 'canvas';
  redirectTo?: string;
}
