/** One e-mail to one recipient, in both forms every mail client can show. */
export interface EmailMessage {
  /** The recipient's address (normalised: trimmed, lower-case). */
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header lines (`List-Unsubscribe`, ...), sent as they are. Only campaign mail carries them;
   * names must be headers the provider lets a sender set.
   */
  headers?: Readonly<Record<string, string>>;
}
