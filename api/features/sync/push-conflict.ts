/**
 * A pushed row the server does not apply: its assumed master state is not the server's, or the
 * change is not allowed (a free user's preset, a song no longer in the library). The push answers
 * `master`, the server's current document, and the client takes it (docs/sync-protocol.md).
 */
export class PushConflict<Doc> extends Error {
  override readonly name = 'PushConflict';
  constructor(readonly master: Doc) {
    super('The pushed row conflicts with the server state');
  }
}
