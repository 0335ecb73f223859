/** Whether a path belongs to the JSON API rather than the client app. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
